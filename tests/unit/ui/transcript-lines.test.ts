import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../src/lib/ui/transcript-lines';
import type { HarnessEvent } from '../../../src/lib/harness/events';

const line = (value: Record<string, unknown>) =>
  lineOf({ sessionId: 's', at: 1, step: 1, ...value } as unknown as HarnessEvent, 'id') as
    (Record<string, unknown> & { text?: string }) | undefined;

describe('U1 O1 the events that are one line of the transcript', () => {
  it('T8 a hook that denies stops the call, and says why; one that allows does not', () => {
    expect(
      line({ type: 'hook', point: 'beforeTool', tool: 'run_shell', decision: 'deny', detail: 'no network' }),
    ).toEqual({
      id: 'id',
      kind: 'hook',
      stopped: true,
      failed: false,
      text: 'hook beforeTool (run_shell): deny — no network',
    });
    expect(line({ type: 'hook', point: 'afterTool', decision: 'allow' })).toMatchObject({ stopped: false });
    expect(line({ type: 'hook', point: 'beforeTool', decision: 'allow', failed: true })).toMatchObject({
      stopped: true,
      failed: true,
    });
  });

  it('T4 an approval says the decision and its reason', () => {
    expect(line({ type: 'approval', tool: 'run_shell', decision: 'rejected', reason: 'by you' })).toMatchObject({
      kind: 'approval',
      approved: false,
      text: 'run_shell: rejected (by you)',
    });
  });

  it('C3 a prompt that did not fit names the context window, not a server field, and says the reply was not run', () => {
    const counted = line({
      type: 'context.truncated',
      contextWindow: 2048,
      promptTokens: 2048,
      estimatedTokens: 3100,
      detectedBy: 'count-at-limit',
    });
    expect(counted?.text).toBe(
      'The prompt did not fit the context window of 2048 tokens (the server counted 2048 tokens, about 3100 were sent); the reply was dropped, not run.',
    );
    expect(
      line({ type: 'context.truncated', contextWindow: 1024, estimatedTokens: 2000, detectedBy: 'server-refused' })
        ?.text,
    ).toContain('(the server refused it)');
  });

  it('D1 a done-check: passed, failed with its exit code, or stopped (neither)', () => {
    expect(line({ type: 'check.finished', command: 'npm test', passed: true })).toMatchObject({
      passed: true,
      text: 'Done-check `npm test`: passed',
    });
    expect(line({ type: 'check.finished', command: 'npm test', passed: false, exitCode: 1 })?.text).toBe(
      'Done-check `npm test`: failed (exit 1)',
    );
    expect(line({ type: 'check.finished', command: 'npm test', passed: false, aborted: true })).toMatchObject({
      passed: undefined,
      text: 'Done-check `npm test`: stopped',
    });
  });

  it('U2 a step-mode edit names what was edited', () => {
    expect(line({ type: 'step.edited', target: 'reply' })?.text).toBe(
      'You edited the model’s reply before it was parsed (step mode).',
    );
    expect(line({ type: 'step.edited', target: 'tools', after: '' })?.text).toBe(
      'You changed the declared tools for the rest of this run (step mode): none.',
    );
    expect(line({ type: 'step.edited', target: 'options', after: 'temperature 0' })?.text).toContain('temperature 0');
  });

  it('D1 U1 a delegation, a model switch and a compaction are lines; other events are not', () => {
    expect(line({ type: 'delegate.started', childSessionId: 'c', maxSteps: 6, task: 'find it' })).toMatchObject({
      kind: 'delegate',
      childSessionId: 'c',
      text: 'Delegated to a read-only helper (≤ 6 steps): find it',
    });
    expect(line({ type: 'model.fallback', from: 'a', to: 'b', reason: 'not found' })?.text).toBe(
      'Switched model a → b: not found',
    );
    expect(line({ type: 'compaction', reason: 'over budget', beforeChars: 900, afterChars: 300 })?.text).toBe(
      'History compacted: over budget (900 → 300 chars)',
    );
    expect(line({ type: 'model.token', text: 'x' })).toBeUndefined();
  });
});
