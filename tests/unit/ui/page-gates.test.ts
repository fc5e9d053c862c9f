/**
 * T4 U3 P2 O2: the page's small state classes, through their transitions — the approval dialog's
 * promise, step mode's gate, presenter mode's columns, the warm-up's states and the committed
 * results the Evals view opens on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiApprover } from '../../../src/lib/ui/ui-approver.svelte';
import { UiStepGate } from '../../../src/lib/ui/ui-step-gate.svelte';
import { Presenter } from '../../../src/lib/ui/presenter.svelte';
import { WarmUp, warmDelayMs } from '../../../src/lib/ui/warm-up.svelte';
import {
  committedResultNames,
  committedResults,
  committedWhy,
  defaultCommitted,
} from '../../../src/lib/ui/committed-results';
import type { ApprovalRequest } from '../../../src/lib/harness/ports';
import type { StepPause } from '../../../src/lib/harness/step-gate';

const request = { tool: 'write_file', args: { path: 'a.txt' } } as unknown as ApprovalRequest;
const pause = { at: 'request', step: 1, model: 'm', messages: [], options: {} } as unknown as StepPause;

describe('T4 the approval dialog', () => {
  it('T4 a request waits as pending until answered; Approve with remember is said so, Deny is a refusal', async () => {
    const approver = new UiApprover();
    const first = approver.approve(request, new AbortController().signal);
    expect(approver.pending).toMatchObject({ tool: 'write_file' });
    approver.answer(true, true);
    expect(await first).toEqual({ approved: true, remember: true, reason: 'approved for the rest of the session' });
    expect(approver.pending).toBeUndefined();
    const second = approver.approve(request, new AbortController().signal);
    approver.answer(false, true);
    // Remember only counts for an approval.
    expect(await second).toEqual({ approved: false, remember: false, reason: 'denied in the dialog' });
  });

  it('T4 Stop during the question answers it as a refusal and closes the dialog; a late click does nothing', async () => {
    const approver = new UiApprover();
    const controller = new AbortController();
    const answer = approver.approve(request, controller.signal);
    controller.abort();
    expect(await answer).toMatchObject({ approved: false, reason: 'the run was stopped' });
    expect(approver.pending).toBeUndefined();
    expect(() => approver.answer(true)).not.toThrow();
  });
});

describe('U3 the step-mode gate', () => {
  it('U3 off, or with the run stopped, it never waits', async () => {
    const gate = new UiStepGate();
    expect(await gate.pause(pause, new AbortController().signal)).toEqual({ action: 'continue' });
    gate.enabled = true;
    const stopped = new AbortController();
    stopped.abort();
    expect(await gate.pause(pause, stopped.signal)).toEqual({ action: 'stop' });
    expect(gate.pending).toBeUndefined();
  });

  it('U3 on, each pause waits for one decision: continue, edit, edit the request, stop, or run to the end', async () => {
    const gate = new UiStepGate();
    gate.enabled = true;
    const signal = new AbortController().signal;
    const decide = async (act: () => void) => {
      const decision = gate.pause(pause, signal);
      expect(gate.pending).toBe(pause);
      act();
      const result = await decision;
      expect(gate.pending).toBeUndefined();
      return result;
    };
    expect(await decide(() => gate.continue())).toEqual({ action: 'continue' });
    expect(await decide(() => gate.edit('new text'))).toEqual({ action: 'edit', text: 'new text' });
    const edited = { sections: {}, options: {}, tools: [] } as never;
    expect(await decide(() => gate.editRequest(edited))).toEqual({ action: 'edit-request', request: edited });
    expect(await decide(() => gate.stop())).toEqual({ action: 'stop' });
    expect(await decide(() => gate.finish())).toEqual({ action: 'continue' });
    // "Continue to the end" turns step mode off: the next pause does not wait.
    expect(gate.enabled).toBe(false);
    expect(await gate.pause(pause, signal)).toEqual({ action: 'continue' });
  });

  it('U3 Stop while paused resolves the pause as a stop', async () => {
    const gate = new UiStepGate();
    gate.enabled = true;
    const controller = new AbortController();
    const decision = gate.pause(pause, controller.signal);
    controller.abort();
    expect(await decision).toEqual({ action: 'stop' });
    expect(gate.pending).toBeUndefined();
  });
});

describe('U3 presenter mode', () => {
  it('U3 starting it hides both panes and gives each edge a button column; a pane shown takes its column back', () => {
    const presenter = new Presenter();
    expect(presenter.on).toBe(false);
    expect(presenter.columns()).toBe(
      'clamp(180px, var(--left), 26vw) auto minmax(300px, 1fr) auto clamp(280px, var(--right), 42vw)',
    );
    presenter.left = true;
    presenter.toggle();
    expect([presenter.on, presenter.left, presenter.right]).toEqual([true, false, false]);
    expect(presenter.columns()).toBe('auto minmax(300px, 1fr) auto');
    presenter.right = true;
    // Presenting, the side pane is narrower, so the transcript keeps its room at 1024 px.
    expect(presenter.columns()).toBe('auto minmax(300px, 1fr) auto clamp(260px, var(--right), 32vw) auto');
    presenter.toggle();
    expect(presenter.on).toBe(false);
  });
});

describe('P2 the warm-up state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('P2 cold, then warming after the settle delay, then warm with the server figures; the same key is not warmed twice', async () => {
    const warm = new WarmUp();
    expect(warm.state).toEqual({ kind: 'off', why: 'nothing chosen yet' });
    let finish!: () => void;
    const send = vi.fn(
      () =>
        new Promise<never>((resolve) => {
          finish = () => resolve({ ok: true, stats: { promptTokens: 900, promptSeconds: 3 } } as never);
        }),
    );
    warm.request('k', send);
    expect(warm.state.kind).toBe('cold');
    await vi.advanceTimersByTimeAsync(warmDelayMs);
    expect(warm.state.kind).toBe('warming');
    warm.request('k', send);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(warm.state).toMatchObject({ kind: 'warm', tokens: 900, seconds: 3 });
    warm.request('k', send);
    await vi.advanceTimersByTimeAsync(warmDelayMs);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('P2 a change before the delay sends once, for the last key; cancel, a failure and a run each say what is left', async () => {
    const warm = new WarmUp();
    const keys: string[] = [];
    const failing = (key: string) => async () => {
      keys.push(key);
      return { ok: false, error: { kind: 'http', retryable: false, message: 'HTTP 500' } } as never;
    };
    warm.request('a', failing('a'));
    await vi.advanceTimersByTimeAsync(warmDelayMs / 2);
    warm.request('b', failing('b'));
    await vi.advanceTimersByTimeAsync(warmDelayMs);
    expect(keys).toEqual(['b']);
    expect(warm.state).toEqual({ kind: 'failed', message: 'HTTP 500' });
    // A server that cannot warm says so; a run leaves the prefix cold; off names why.
    warm.request('c', async () => undefined);
    await vi.advanceTimersByTimeAsync(warmDelayMs);
    expect(warm.state).toEqual({ kind: 'off', why: 'this server cannot be warmed' });
    warm.ran();
    expect(warm.state).toEqual({ kind: 'cold' });
    warm.off('a lesson is open');
    expect(warm.state).toEqual({ kind: 'off', why: 'a lesson is open' });
  });

  it('P2 a warm-up in flight when cancelled is aborted, and its late answer changes nothing', async () => {
    const warm = new WarmUp();
    let seen: AbortSignal | undefined;
    let finish!: () => void;
    warm.request('k', (signal) => {
      seen = signal;
      return new Promise((resolve) => {
        finish = () => resolve({ ok: true, stats: {} } as never);
      });
    });
    await vi.advanceTimersByTimeAsync(warmDelayMs);
    warm.cancel();
    expect(seen?.aborted).toBe(true);
    expect(warm.state).toEqual({ kind: 'cold' });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(warm.state).toEqual({ kind: 'cold' });
  });
});

describe('O2 the committed results the Evals view opens on', () => {
  it('O2 every committed file is listed, planned sweeps newest first, and the default is a test-split sweep', async () => {
    const names = committedResultNames();
    expect(names).toContain('baseline-test-1.5b');
    expect(new Set(names).size).toBe(names.length);
    const chosen = defaultCommitted()!;
    expect(committedWhy(chosen)).toMatch(/test split/);
    const text = await committedResults(chosen);
    // One run per line (compared by length: a failure must not print a test split's rows).
    expect(text.startsWith('{"runId":'), 'a results file').toBe(true);
    await expect(committedResults('no-such-sweep')).rejects.toThrow('no committed results named "no-such-sweep"');
  });
});
