import { afterEach, describe, expect, it } from 'vitest';
import { FakeOllamaServer } from '../../fixtures/fake-ollama-server';
import type { FakeReply } from '../../fixtures/fake-ollama-server';
import { OllamaModelClient } from '../../../src/lib/model/ollama-model-client';
import { Agent } from '../../../src/lib/harness/agent';
import type { HarnessEvent, EventOf, HarnessEventType } from '../../../src/lib/harness/events';
import { defaultSettings } from '../../../src/lib/harness/settings';
import type { AgentSettings } from '../../../src/lib/harness/settings';
import { backoffDelay, defaultRetryPolicy } from '../../../src/lib/harness/recovery/retry-policy';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';

let server: FakeOllamaServer | undefined;
afterEach(async () => server?.stop());

async function run(
  script: FakeReply[],
  options: {
    settings?: Partial<AgentSettings>;
    model?: string;
    fallback?: string;
    files?: Record<string, string>;
  } = {},
) {
  server = new FakeOllamaServer({ script });
  const host = await server.start();
  const events: HarnessEvent[] = [];
  const waits: number[] = [];
  const agent = new Agent({
    model: new OllamaModelClient({ host }),
    modelName: options.model ?? 'qwen2.5-coder:7b',
    workspace: new MemoryWorkspace({ files: options.files ?? { 'a.txt': 'alpha' } }),
    store: new MemorySessionStore(),
    settings: defaultSettings({ protocol: 'text', approval: 'auto', ...options.settings }),
    retryPolicy: { ...defaultRetryPolicy, ...(options.fallback ? { fallbackModel: options.fallback } : {}) },
    onEvent: (event) => events.push(event),
    // Backoff delays are recorded, not slept, so the tests stay fast and exact.
    wait: async (ms) => (waits.push(ms), true),
  });
  const result = await agent.run('do the task');
  const of = <T extends HarnessEventType>(type: T) => events.filter((event) => event.type === type) as EventOf<T>[];
  return { result, events, of, waits, server: server!, agent };
}

describe('recovery', () => {
  it('R1 backs off with jitter from 0.5 s doubling to a 32 s cap, and honours Retry-After', () => {
    const low = () => 0;
    const high = () => 1; // the top of the jitter range
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffDelay(defaultRetryPolicy, attempt, high))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 32000, 32000,
    ]);
    expect(backoffDelay(defaultRetryPolicy, 1, low)).toBe(250);
    expect(backoffDelay(defaultRetryPolicy, 3, () => 0.5)).toBe(1500);
    expect(backoffDelay(defaultRetryPolicy, 1, low, 7000)).toBe(7000);
  });

  it('R1 busy and 5xx replies are retried with visible retries, then the run goes on', async () => {
    const { result, of, waits } = await run([
      { status: 503, error: 'server busy', retryAfter: '3' },
      { status: 500, error: 'llama runner process has terminated' },
      { content: '<final>ok after retries</final>' },
    ]);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'ok after retries' });
    expect(of('retry').map((event) => event.attempt)).toEqual([1, 2]);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    expect(result.usage.requests).toBe(1);
  });

  it('R1 a mid-stream error line and a dropped connection are failed attempts, retried', async () => {
    const { result, of } = await run([
      { midStreamError: 'an error was encountered while running the model', after: '<fin' },
      { drop: true, after: '<final>' },
      { content: '<final>clean</final>' },
    ]);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'clean' });
    expect(of('retry').map((event) => event.reason)).toEqual([
      expect.stringContaining('stream'),
      expect.stringContaining('stream'),
    ]);
  });

  it('R1 after repeated overloads the run switches to the fallback model, and says so', async () => {
    const { result, of, server } = await run(
      [
        { status: 503, error: 'busy' },
        { status: 503, error: 'busy' },
        { status: 503, error: 'busy' },
        { content: '<final>from the fallback</final>', model: 'gemma2:2b' },
      ],
      { fallback: 'gemma2:2b' },
    );
    expect(result.outcome).toEqual({ kind: 'final', answer: 'from the fallback' });
    expect(of('model.fallback')[0]).toMatchObject({ from: 'qwen2.5-coder:7b', to: 'gemma2:2b' });
    expect(server.chatRequests().at(-1)?.body?.model).toBe('gemma2:2b');
  });

  it('R1 gives up after the configured number of tries with a typed error', async () => {
    const busy: FakeReply = { status: 503, error: 'busy' };
    const { result, of } = await run([busy, busy, busy, busy, busy, busy]);
    expect(result.outcome).toMatchObject({
      kind: 'error',
      error: { kind: 'overloaded', message: expect.stringContaining('gave up after 5 attempts') },
    });
    expect(of('retry')).toHaveLength(4);
  });

  it('R2 a reply cut by the output limit is asked again with a larger limit, and the cut reply is not kept', async () => {
    const long = `<tool name="write_file" path="big.txt"><content>${'word '.repeat(300)}</content></tool>`;
    const { result, of, server, agent } = await run(
      [{ content: long }, { content: long }, { content: '<final>written</final>' }],
      { settings: { options: { contextWindow: 8192, outputLimit: 200 } } },
    );
    expect(result.outcome).toEqual({ kind: 'final', answer: 'written' });
    const predicts = server
      .chatRequests()
      .map((request) => (request.body?.options as { num_predict: number }).num_predict);
    expect(predicts.slice(0, 2)).toEqual([200, 400]);
    expect(of('retry')[0].reason).toContain('cut at the output limit of 200 tokens; asking again with 400');
    expect(agent.session.history.filter((item) => item.kind === 'assistant')).toHaveLength(2);
    expect(result.usage.requests).toBe(3);
  });

  it('R2 a reply still cut after the larger limit is continued with a "resume directly" notice, a bounded number of times', async () => {
    const part1 = '<tool name="write_file" path="story.txt"><content>once upon';
    const part2 = ' a time</content></tool>';
    const { result, agent } = await run(
      [
        { content: part1, stopReason: 'length' },
        { content: part1, stopReason: 'length' },
        { content: part2 },
        { content: '<final>done</final>' },
      ],
      { settings: { options: { contextWindow: 8192, outputLimit: 100 } } },
    );
    expect(result.outcome).toEqual({ kind: 'final', answer: 'done' });
    const notice = agent.session.history.find((item) => item.kind === 'notice' && item.reason === 'length');
    expect(notice?.content).toContain('Resume directly where it stopped, with no recap');
    expect(agent.session.history.find((item) => item.kind === 'tool')?.content).toContain('wrote story.txt');
  });

  it('C3 R3 when the prompt would overflow the context, older history is compacted first, and the compaction is shown', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 8 }, (_, index) => [`f${index}.txt`, `${index} `.repeat(1500)]),
    );
    const reads: FakeReply[] = Object.keys(files).map((path) => ({
      content: `<tool>{"name":"read_file","args":{"path":"${path}"}}</tool>`,
    }));
    const { result, of, server } = await run([...reads, { content: '<final>read them all</final>' }], {
      files,
      settings: { options: { contextWindow: 6000, outputLimit: 512 } },
    });
    expect(result.outcome).toEqual({ kind: 'final', answer: 'read them all' });
    const compactions = of('compaction').filter((event) => event.reason.includes('overflow'));
    expect(compactions.length).toBeGreaterThan(0);
    expect(compactions[0].afterChars).toBeLessThan(compactions[0].beforeChars);
    const last = server.chatRequests().at(-1)!.body!.messages as { content: string }[];
    expect(last.some((message) => message.content.startsWith('Summary of earlier steps'))).toBe(true);
    const promptChars = last.reduce((sum, message) => sum + message.content.length, 0);
    expect(promptChars / 3.5).toBeLessThan(6000);
  });

  it('R3 if even the compacted prompt cannot fit, the run stops with a clear "context too small" error', async () => {
    const { result } = await run([{ content: '<final>never</final>' }], {
      settings: { options: { contextWindow: 1200, outputLimit: 512 } },
    });
    expect(result.outcome).toMatchObject({
      kind: 'error',
      error: { kind: 'context_too_small', message: expect.stringContaining('Raise the context window') },
    });
  });

  it('C3 silent truncation by the server (prompt_eval_count at num_ctx) is reported as an event', async () => {
    const { of } = await run([
      { content: '<tool>{"name":"list_files","args":{}}</tool>', promptTokens: 8192 },
      { content: '<final>ok</final>' },
    ]);
    expect(of('context.truncated')[0]).toMatchObject({ promptTokens: 8192, contextWindow: 8192 });
  });

  it('T6 auto: native for a model listing "tools", text for one that does not, over real HTTP', async () => {
    const native = await run(
      [{ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }, { content: 'It says alpha.' }],
      { settings: { protocol: 'auto' } },
    );
    expect(native.result.outcome).toEqual({ kind: 'final', answer: 'It says alpha.' });
    expect(native.of('protocol.selected')[0].protocol).toBe('native');
    expect(native.server.chatRequests()[0].body?.tools).toBeDefined();
    await server!.stop();
    const text = await run([{ content: '<final>plain</final>', model: 'gemma2:2b' }], {
      settings: { protocol: 'auto' },
      model: 'gemma2:2b',
    });
    expect(text.of('protocol.selected')[0].protocol).toBe('text');
    expect(text.server.chatRequests()[0].body?.tools).toBeUndefined();
  });
});
