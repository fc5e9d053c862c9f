import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { final, harness, tool } from '../helpers';
import type { Limits } from '../../../src/lib/harness/settings';

const limits = (value: Partial<Limits>): Limits => ({
  maxSteps: 0,
  maxTokens: 0,
  maxSeconds: 0,
  maxFormatErrors: 3,
  maxFailedSteps: 0,
  ...value,
});
const reads = (count: number) =>
  Array.from({ length: count }, (_, index) => tool('read_file', { path: 'a.txt', end: index + 1 }));

describe('limits', () => {
  it('L1 the step limit ends the run with a typed outcome', async () => {
    const h = harness(reads(10), { files: { 'a.txt': 'a\n' }, settings: { limits: limits({ maxSteps: 3 }) } });
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'steps' });
    expect(h.model.requests).toHaveLength(3);
  });

  it('L1 0 means off: no step limit', async () => {
    const h = harness([...reads(40), final('done')], {
      files: { 'a.txt': 'a\n' },
      settings: { limits: limits({ maxSteps: 0 }) },
    });
    const result = await h.agent.run('go');
    expect(result.outcome.kind).toBe('final');
    expect(result.steps).toBe(41);
  });

  it('L1 the token limit counts the billed tokens of unparseable replies too', async () => {
    const garbage = { text: 'not a protocol reply <tool>', stats: { promptTokens: 400, outputTokens: 200 } };
    const h = harness([garbage, garbage, final('never')], {
      settings: { limits: limits({ maxTokens: 1000, maxFormatErrors: 0 }) },
    });
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'tokens' });
    expect(result.usage.totalTokens).toBe(1200);
    expect(h.model.requests).toHaveLength(2);
  });

  it('L1 consecutive format errors stop the run; a clean step resets the count', async () => {
    const bad = { text: '<tool>{oops</tool>' };
    const h = harness([bad, bad, tool('list_files'), bad, bad, bad, final('never')], {
      settings: { limits: limits({ maxFormatErrors: 3 }) },
    });
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'format_errors' });
    expect(h.model.requests).toHaveLength(6);
  });

  it('L1 the wall-time limit stops a slow model with a typed outcome', async () => {
    const h = harness([{ text: '<final>slow</final>', delayMs: 5000 }], {
      settings: { limits: limits({ maxSeconds: 1 }) },
    });
    const started = Date.now();
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'time' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('L1 the wall-time limit stops a busy loop in the offline node running on this thread (Node, no worker)', async () => {
    // QuickJS in Node runs on the harness's own thread: the abort cannot fire until it yields,
    // so the command is given no longer than the run has left (it asked for 120 s).
    const h = harness([tool('run_shell', { command: 'node -e "while (true) {}"', timeout: 120 }), final('never')], {
      settings: { limits: limits({ maxSeconds: 2 }) },
    });
    const started = Date.now();
    const result = await h.agent.run('spin');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'time' });
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('L2 stop aborts the model request mid-stream', async () => {
    const controller = new AbortController();
    const h = harness([{ text: '<final>too late</final>', delayMs: 10_000 }]);
    setTimeout(() => controller.abort(), 100);
    const result = await h.agent.run('go', { signal: controller.signal });
    expect(result.outcome).toEqual({ kind: 'aborted', message: 'stopped by the user' });
    expect(h.model.requests[0].signal.aborted).toBe(true);
  });

  it('L2 stop kills the running command', async () => {
    const workspace = new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-stop-')));
    const controller = new AbortController();
    const h = harness([tool('run_shell', { command: 'sleep 60', timeout: 120 }), final('never')], { workspace });
    h.agent.options.onEvent = (event) => event.type === 'tool.started' && setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const result = await h.agent.run('go', { signal: controller.signal });
    expect(result.outcome.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(h.agent.session.history.find((item) => item.kind === 'tool')?.content).toContain('aborted by the user');
  });

  it('L2 a model error ends the run with that error, typed', async () => {
    const h = harness([
      { error: { kind: 'not_found', message: 'model "x" not found; run `ollama pull x`', retryable: false } },
    ]);
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'error', error: { kind: 'not_found' } });
  });

  it('L3 a final answer is accepted only when the verification command passes', async () => {
    const h = harness(
      [final('done early'), tool('write_file', { path: 'ok.txt', content: 'yes' }), final('done for real')],
      {
        settings: { verifyCommand: 'test -f ok.txt' },
      },
    );
    const result = await h.agent.run('make ok.txt');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: 'done for real',
      flags: [{ kind: 'after-send-back', rules: ['done-check'], times: 1 }],
    });
    expect(h.of('notice').find((event) => event.reason === 'done-check')?.text).toContain('`test -f ok.txt` failed');
  });

  it('L2 a hanging command is bounded by its timeout and the loop goes on', async () => {
    const workspace = new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-hang-')));
    const h = harness([tool('run_shell', { command: 'sleep 30', timeout: 1 }), final('moved on')], { workspace });
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'moved on' });
    expect(h.agent.session.history.find((item) => item.kind === 'tool')?.content).toContain('timed out after 1s');
  });
});
