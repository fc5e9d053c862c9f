import { afterEach, describe, expect, it } from 'vitest';
import { FakeOllamaServer, defaultModels } from '../../fixtures/fake-ollama-server';
import { OllamaModelClient } from '../../../src/lib/model/ollama-model-client';
import type { ModelRequest } from '../../../src/lib/harness/ports';

let server: FakeOllamaServer | undefined;
afterEach(async () => server?.stop());

async function serve(options: ConstructorParameters<typeof FakeOllamaServer>[0] = {}) {
  server = new FakeOllamaServer(options);
  const host = await server.start();
  return { server, client: new OllamaModelClient({ host }) };
}

function request(partial: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'qwen2.5-coder:7b',
    messages: [{ role: 'user', content: 'hi' }],
    options: {},
    signal: new AbortController().signal,
    ...partial,
  };
}

describe('Ollama client', () => {
  it("M3 a side read the server does not answer in time says it is busy, naming the read; the caller's stop stays a stop", async () => {
    // Ollama on a loaded CPU queues /api/version, /api/tags and /api/show behind a long prompt.
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        const stop = () => reject(new DOMException('aborted', 'AbortError'));
        if (init?.signal?.aborted) stop();
        init?.signal?.addEventListener('abort', stop);
      });
    const client = new OllamaModelClient({ host: 'http://127.0.0.1:11434', fetch: hang, sideReadMs: 50 });
    const version = await client.version();
    expect(version).toMatchObject({ ok: false, error: { kind: 'overloaded', retryable: true } });
    if (!version.ok)
      expect(version.error.message).toMatch(/did not answer \/api\/version within 0\.05 s: it is likely busy/);
    const list = await client.listModels();
    if (!list.ok) expect(list.error.message).toContain('did not answer /api/tags');
    expect(list.ok).toBe(false);
    expect(await client.describe('qwen2.5-coder:1.5b')).toMatchObject({ kind: 'overloaded' });
    const stopped = new AbortController();
    stopped.abort();
    const own = await client.version(stopped.signal);
    expect(own).toMatchObject({ ok: false });
    if (!own.ok) expect(own.error.kind).not.toBe('overloaded');
  });
  it('R4 T3 a server that sends one endless line is cut at the line bound with a clear error, not retried', async () => {
    const { client, server } = await serve({ script: [{ endlessLine: true }, { content: 'never asked' }] });
    const result = await client.chat(request({ signal: AbortSignal.timeout(60_000) }));
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'bad_reply', retryable: false, message: expect.stringMatching(/ran past 16 MB with no end/) },
    });
    expect(server.requests.filter((entry) => entry.path === '/api/chat')).toHaveLength(1);
  });

  it('streams /api/chat tokens and returns the reply with its statistics', async () => {
    const { client, server } = await serve({
      script: [{ content: 'Hello there, this streams in pieces.', chunkSize: 5 }],
    });
    const tokens: string[] = [];
    const result = await client.chat(request({ onToken: (text) => tokens.push(text) }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join('')).toBe('Hello there, this streams in pieces.');
    expect(result.reply.stats).toMatchObject({
      stopReason: 'stop',
      promptTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      totalSeconds: expect.any(Number),
      loadSeconds: expect.any(Number),
      promptSeconds: expect.any(Number),
      outputSeconds: expect.any(Number),
    });
    expect(server.chatRequests()[0].body).toMatchObject({
      stream: true,
      options: { num_ctx: 8192, num_predict: 1024 },
    });
  });

  it('always sends num_ctx and num_predict, and the other options when set', async () => {
    const { client, server } = await serve({ script: [{ content: 'x' }] });
    await client.chat(
      request({
        options: { contextWindow: 16384, outputLimit: 256, temperature: 0.1, topP: 0.9, seed: 7, keepLoaded: '10m' },
      }),
    );
    expect(server.chatRequests()[0].body).toMatchObject({
      options: { num_ctx: 16384, num_predict: 256, temperature: 0.1, top_p: 0.9, seed: 7 },
      keep_alive: '10m',
    });
  });

  it('T6 native: sends tools, maps tool_calls (arguments as objects), and sends results back as tool messages', async () => {
    const { client, server } = await serve({
      script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'a.js', start: 1 } }] }],
    });
    const tools = [{ name: 'read_file', description: 'Read', parameters: { type: 'object', properties: {} } }];
    const result = await client.chat(
      request({
        tools,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: '', toolCalls: [{ name: 'list_files', arguments: { path: '.' } }] },
          { role: 'tool', toolName: 'list_files', content: '[F] a.js' },
        ],
      }),
    );
    expect(result.ok && result.reply.toolCalls).toEqual([{ name: 'read_file', arguments: { path: 'a.js', start: 1 } }]);
    const body = server.chatRequests()[0].body!;
    // The neutral declaration goes out in the shape Ollama's tools field takes.
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'read_file', description: 'Read', parameters: { type: 'object', properties: {} } },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'list_files', arguments: { path: '.' } } }] },
      { role: 'tool', content: '[F] a.js', tool_name: 'list_files' },
    ]);
  });

  it('T6 reads capabilities and the context length from /api/show', async () => {
    const { client } = await serve();
    expect(await client.describe('qwen2.5-coder:7b')).toEqual({
      name: 'qwen2.5-coder:7b',
      capabilities: ['completion', 'tools', 'insert'],
      contextLength: 32768,
    });
    expect(await client.describe('gemma2:2b')).toMatchObject({ capabilities: ['completion'], contextLength: 8192 });
    expect(await client.describe('nope:1b')).toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining('ollama pull nope:1b'),
    });
  });

  it('lists models from /api/tags with size and details, and reads the server version', async () => {
    const { client } = await serve();
    const models = await client.listModels();
    expect(models.ok && models.value.map((model) => model.name)).toEqual(defaultModels.map((model) => model.name));
    expect(models.ok && models.value[0]).toMatchObject({
      size: 4_683_087_332,
      parameterSize: '7.6B',
      quantization: 'Q4_K_M',
    });
    expect(await client.version()).toEqual({ ok: true, value: '0.24.0' });
  });

  it('pulls a model with progress events, and reports an unknown one clearly', async () => {
    const pullable = [
      { name: 'llama3.2:1b', capabilities: ['completion', 'tools'], contextLength: 131072, size: 1_321_098_329 },
    ];
    const { client } = await serve({ pullable });
    const progress: { status: string; completed?: number; total?: number }[] = [];
    expect(await client.pull('llama3.2:1b', { onProgress: (event) => progress.push(event) })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(progress[0].status).toBe('pulling manifest');
    expect(progress.filter((event) => event.total).map((event) => event.completed)).toEqual([
      330274582, 660549165, 990823747, 1321098329,
    ]);
    expect(progress.at(-1)?.status).toBe('success');
    const listed = await client.listModels();
    expect(listed.ok && listed.value.map((model) => model.name)).toContain('llama3.2:1b');
    const missing = await client.pull('no-such-model');
    expect(missing).toMatchObject({ ok: false, error: { message: expect.stringContaining('pull model manifest') } });
  });

  it('aborting stops a request that is streaming slowly', async () => {
    const { client } = await serve({ script: [{ content: 'x'.repeat(400), chunkSize: 4, tokenDelayMs: 50 }] });
    const controller = new AbortController();
    const tokens: string[] = [];
    setTimeout(() => controller.abort(), 200);
    const result = await client.chat(request({ signal: controller.signal, onToken: (text) => tokens.push(text) }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.length).toBeLessThan(100);
  });

  it('aborting stops a request the server never answers', async () => {
    const { client } = await serve({ script: [{ hang: true }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    expect(await client.chat(request({ signal: controller.signal }))).toMatchObject({
      ok: false,
      error: { kind: 'aborted' },
    });
  });
});

describe('Ollama errors (R4)', () => {
  it('R4 an unknown model is "not found" with the ollama pull line', async () => {
    const { client } = await serve();
    expect(await client.chat(request({ model: 'mistral:7b' }))).toMatchObject({
      ok: false,
      error: { kind: 'not_found', retryable: false, message: expect.stringContaining('ollama pull mistral:7b') },
    });
  });

  it('R4 a server that is down is "unreachable", and in a browser the message names OLLAMA_ORIGINS', async () => {
    const { server: down } = await serve();
    const host = down.url;
    await down.stop();
    const plain = await new OllamaModelClient({ host }).chat(request());
    expect(plain).toMatchObject({
      ok: false,
      error: { kind: 'unreachable', retryable: true, message: expect.stringContaining('ollama serve') },
    });
    const browser = await new OllamaModelClient({ host, origin: 'https://play.example.com' }).chat(request());
    expect(browser.ok === false && browser.error.message).toContain(
      'OLLAMA_ORIGINS=https://play.example.com ollama serve',
    );
  });

  it('R4 tools sent to a model without the capability is "tools unsupported", with what to do', async () => {
    const { client } = await serve({ script: [{ content: 'x' }] });
    const tools = [{ name: 'a', description: 'a', parameters: {} }];
    expect(await client.chat(request({ model: 'gemma2:2b', tools }))).toMatchObject({
      ok: false,
      error: { kind: 'tools_unsupported', message: expect.stringContaining('"text"') },
    });
  });

  it('R1 busy (503) and 429 are "overloaded" and carry Retry-After', async () => {
    const { client } = await serve({
      script: [
        { status: 503, error: 'server busy, please try again.  maximum pending requests exceeded', retryAfter: '2' },
        { status: 429, error: 'too many requests' },
      ],
    });
    expect(await client.chat(request())).toMatchObject({
      ok: false,
      error: { kind: 'overloaded', retryable: true, retryAfterMs: 2000, status: 503 },
    });
    expect(await client.chat(request())).toMatchObject({ ok: false, error: { kind: 'overloaded', status: 429 } });
  });

  it('R1 a 500 is a retryable server error; a mid-stream error line and a dropped connection are broken streams', async () => {
    const { client } = await serve({
      script: [
        { status: 500, error: 'llama runner process has terminated' },
        { midStreamError: 'an error was encountered while running the model', after: 'partial ' },
        { drop: true, after: 'cut ' },
      ],
    });
    expect(await client.chat(request())).toMatchObject({
      ok: false,
      error: { kind: 'server', retryable: true, message: expect.stringContaining('llama runner') },
    });
    expect(await client.chat(request())).toMatchObject({
      ok: false,
      error: { kind: 'stream', retryable: true, message: expect.stringContaining('an error was encountered') },
    });
    expect(await client.chat(request())).toMatchObject({ ok: false, error: { kind: 'stream', retryable: true } });
  });

  it('R2 a reply cut by num_predict reports done_reason "length"', async () => {
    const { client } = await serve({ script: [{ content: 'y'.repeat(400) }] });
    const result = await client.chat(request({ options: { outputLimit: 20 } }));
    expect(result.ok && result.reply.stats.stopReason).toBe('length');
    expect(result.ok && result.reply.content.length).toBe(80);
  });
});
