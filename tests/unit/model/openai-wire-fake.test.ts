import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIServer } from '../../fixtures/fake-openai-server';
import { openAIWireContract } from '../contracts/openai-wire-contract';
import { OpenAICompatibleClient } from '../../../src/lib/model/openai-model-client';
import type { ModelRequest } from '../../../src/lib/harness/ports';

// The same suite runs against the real servers in tests/live/openai-wire.test.ts.
for (const dialect of ['ollama', 'llama-cpp-python'] as const) {
  const fake = new FakeOpenAIServer({ dialect, models: ['tiny:1b'], contextLength: 512 });
  let host = '';
  beforeAll(async () => {
    host = await fake.start();
  });
  afterAll(() => fake.stop());
  openAIWireContract(`fake server as ${dialect}`, () => ({ host, model: 'tiny:1b', dialect, window: 512 }));
}

describe('M2 OpenAI-compatible client against faults only a fake can make', () => {
  let fake: FakeOpenAIServer;
  let host = '';
  const request = (extra: Partial<ModelRequest> = {}): ModelRequest => ({
    model: 'tiny:1b',
    messages: [{ role: 'user', content: 'hi' }],
    options: { outputLimit: 50 },
    signal: new AbortController().signal,
    ...extra,
  });
  const start = async (options: Partial<ConstructorParameters<typeof FakeOpenAIServer>[0]> = {}) => {
    fake = new FakeOpenAIServer({ dialect: 'ollama', models: ['tiny:1b'], contextLength: 4096, ...options });
    host = await fake.start();
  };
  afterEach(() => fake?.stop());

  it('R1 429 with Retry-After is "overloaded", retryable, with the wait; 503 too; 500 a retryable server error', async () => {
    await start({
      script: [
        { status: 429, message: 'slow down', retryAfter: '7' },
        { status: 503, message: 'loading model' },
        { status: 500, message: 'kaboom' },
      ],
    });
    const client = new OpenAICompatibleClient({ host });
    expect(await client.chat(request())).toMatchObject({
      ok: false,
      error: { kind: 'overloaded', retryable: true, retryAfterMs: 7000, message: expect.stringContaining('slow down') },
    });
    expect(await client.chat(request())).toMatchObject({ ok: false, error: { kind: 'overloaded', status: 503 } });
    expect(await client.chat(request())).toMatchObject({
      ok: false,
      error: { kind: 'server', retryable: true, message: expect.stringContaining('kaboom') },
    });
  });

  it('R2 an error inside the stream and a dropped connection are broken streams, retryable, billed', async () => {
    await start({
      script: [
        { midStreamError: 'out of memory', after: 'partial' },
        { drop: true, after: 'partial' },
      ],
    });
    const client = new OpenAICompatibleClient({ host });
    const first = await client.chat(request());
    expect(first).toMatchObject({ ok: false, error: { kind: 'stream', retryable: true } });
    expect(!first.ok && first.error.message).toContain('out of memory');
    expect(await client.chat(request())).toMatchObject({ ok: false, error: { kind: 'stream', retryable: true } });
  });

  it('M2 tool calls streamed in pieces come back whole, with their arguments parsed', async () => {
    await start({
      script: [{ content: '', toolCalls: [{ name: 'read_file', arguments: { path: 'src/a.ts', lines: [1, 20] } }] }],
    });
    const result = await new OpenAICompatibleClient({ host }).chat(request());
    expect(result).toMatchObject({
      ok: true,
      reply: { toolCalls: [{ name: 'read_file', arguments: { path: 'src/a.ts', lines: [1, 20] } }] },
    });
  });

  it('M2 the API key is sent as a bearer token when set, and no made-up key is sent when unset', async () => {
    await start({ apiKey: 'sk-local-1' });
    expect(await new OpenAICompatibleClient({ host }).chat(request())).toMatchObject({
      ok: false,
      error: { status: 401, retryable: false, message: expect.stringContaining('API key') },
    });
    expect(fake.requests.at(-1)?.authorization).toBeUndefined();
    expect(await new OpenAICompatibleClient({ host, apiKey: 'sk-local-1' }).chat(request())).toMatchObject({
      ok: true,
    });
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-local-1');
  });

  it('M2 the context length comes from llama.cpp /props where the server has it', async () => {
    await start({ props: true, contextLength: 6144 });
    expect(await new OpenAICompatibleClient({ host }).describe('tiny:1b')).toMatchObject({ contextLength: 6144 });
  });

  it('M2 a server that refuses json_schema is asked once in the json_object dialect, then kept to it', async () => {
    await start({ dialect: 'llama-cpp-python' });
    const client = new OpenAICompatibleClient({ host });
    const format = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(await client.chat(request({ format }))).toMatchObject({ ok: true });
    expect(await client.chat(request({ format }))).toMatchObject({ ok: true });
    const kinds = fake.chatRequests().map((entry) => (entry.body?.response_format as { type: string }).type);
    expect(kinds).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('M2 the same history gives the same request bytes (tool-call ids from positions, P2)', async () => {
    await start();
    const client = new OpenAICompatibleClient({ host });
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { name: 'a', arguments: {} },
          { name: 'b', arguments: {} },
        ],
      },
      { role: 'tool', toolName: 'b', content: 'B' },
      { role: 'tool', toolName: 'a', content: 'A' },
    ];
    await client.chat(request({ messages }));
    await client.chat(request({ messages }));
    const [one, two] = fake.chatRequests().map((entry) => JSON.stringify(entry.body?.messages));
    expect(one).toBe(two);
    expect(fake.chatRequests()[0].body?.messages).toMatchObject([
      {},
      { tool_calls: [{ id: 'call_1_0' }, { id: 'call_1_1' }] },
      { role: 'tool', tool_call_id: 'call_1_1', content: 'B' },
      { role: 'tool', tool_call_id: 'call_1_0', content: 'A' },
    ]);
  });

  it('R4 a server that is not there is "unreachable" and says what to check', async () => {
    const result = await new OpenAICompatibleClient({ host: 'http://127.0.0.1:9' }).chat(request());
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'unreachable', message: expect.stringContaining('/v1') },
    });
  });
});
