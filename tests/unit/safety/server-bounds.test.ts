/**
 * M2 R4: everything a server sends is bounded as it arrives, in both clients — streamed tool
 * calls, side reads (/props, the model list) by time, signal and size. Each server here is a
 * hostile one the fakes will not be (endless, huge or silent); the tests measure the process's
 * memory and the time taken, not only the absence of a crash.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OllamaModelClient } from '../../../src/lib/model/ollama-model-client';
import { OpenAICompatibleClient } from '../../../src/lib/model/openai-model-client';
import { sideReadMs } from '../../../src/lib/model/bounded-body';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function hostile(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Writes `piece()` for as long as the client reads, pausing when its buffer is full. */
function flood(response: ServerResponse, piece: () => string): void {
  const write = () => {
    while (!response.destroyed && response.write(piece()));
    if (!response.destroyed) response.once('drain', write);
  };
  write();
}

/** Memory the process holds beyond what it held before (heap and buffers), after a collection when one is exposed. */
function grownMegabytes(before: NodeJS.MemoryUsage): number {
  (globalThis as { gc?: () => void }).gc?.();
  const now = process.memoryUsage();
  return (now.rss - before.rss) / 1024 / 1024;
}

const request = (signal = new AbortController().signal) => ({
  model: 'tiny:1b',
  messages: [{ role: 'user' as const, content: 'go' }],
  options: { outputLimit: 256 },
  maxChars: 64_000,
  signal,
});

describe('M2 R4 what a server streams is bounded as it arrives', () => {
  it('M2 endless function.arguments pieces from an OpenAI-compatible server stop at the reply bound, not the string limit', async () => {
    const host = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const piece = 'x'.repeat(64 * 1024);
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        model: 'tiny:1b',
        choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }],
      };
      const line = `data: ${JSON.stringify(chunk)}\n\n`;
      flood(response, () => line);
    });
    const before = process.memoryUsage();
    const started = Date.now();
    const result = await new OpenAICompatibleClient({ host }).chat(request());
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_reply', retryable: false } });
    if (!result.ok) expect(result.error.message).toContain('the reply ran past 64000 characters');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(grownMegabytes(before)).toBeLessThan(200);
  });

  it('M2 a flood of tool calls (more than a reply may carry) is refused at the count', async () => {
    const host = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let index = 0;
      flood(response, () => {
        const call = { index: index++, id: `call_${index}`, function: { name: 'read_file', arguments: '{}' } };
        const chunk = { id: 'c', model: 'tiny:1b', choices: [{ index: 0, delta: { tool_calls: [call] } }] };
        return `data: ${JSON.stringify(chunk)}\n\n`;
      });
    });
    const result = await new OpenAICompatibleClient({ host }).chat(request());
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_reply' } });
    if (!result.ok) expect(result.error.message).toContain('more than 64 tool calls');
  });

  it('M1 endless NDJSON lines each carrying a 512 KB tool call stop at the first that passes the bound', async () => {
    const host = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const call = { function: { name: 'write_file', arguments: { path: 'a', content: 'y'.repeat(512 * 1024) } } };
      const line = `${JSON.stringify({ model: 'tiny:1b', message: { role: 'assistant', content: '', tool_calls: [call] }, done: false })}\n`;
      flood(response, () => line);
    });
    const before = process.memoryUsage();
    const started = Date.now();
    const result = await new OllamaModelClient({ host }).chat(request());
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_reply', retryable: false } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(grownMegabytes(before)).toBeLessThan(200);
  });
});

describe('M1 M2 a server that ignores its output limit', () => {
  it('M1 M2 endless text is kept cut at the reply bound, as a reply the limit ended, in both clients', async () => {
    const text = 'x'.repeat(1000);
    const ollama = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const line = `${JSON.stringify({ model: 'tiny:1b', message: { role: 'assistant', content: text }, done: false })}\n`;
      flood(response, () => line);
    });
    const openai = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        model: 'tiny:1b',
        choices: [{ index: 0, delta: { content: text } }],
      };
      flood(response, () => `data: ${JSON.stringify(chunk)}\n\n`);
    });
    for (const client of [new OllamaModelClient({ host: ollama }), new OpenAICompatibleClient({ host: openai })]) {
      const before = process.memoryUsage();
      const result = await client.chat(request());
      expect(result, client.kind).toMatchObject({
        ok: true,
        reply: { model: 'tiny:1b', stats: { stopReason: 'length' } },
      });
      if (!result.ok) continue;
      expect(result.reply.content).toBe('x'.repeat(64_000));
      // What was streamed is what it cost: at least the text kept, about four characters a token.
      expect(result.reply.stats.outputTokens).toBeGreaterThanOrEqual(16_000);
      expect(grownMegabytes(before)).toBeLessThan(200);
    }
  });
});

describe('M2 side reads have a signal, a time limit and a size limit', () => {
  it('M2 a /props that never answers is given up when the run is stopped, and after the time limit', async () => {
    const host = await hostile((request, response) => {
      if (request.url?.startsWith('/v1/models')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'tiny:1b', object: 'model' }] }));
      }
      // /props: never answered.
    });
    const client = new OpenAICompatibleClient({ host });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    let started = Date.now();
    expect(await client.describe('tiny:1b', stop.signal)).toMatchObject({ name: 'tiny:1b' });
    expect(Date.now() - started).toBeLessThan(3_000);
    started = Date.now();
    expect(await client.describe('tiny:1b')).toMatchObject({ name: 'tiny:1b' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(sideReadMs - 100);
    expect(took).toBeLessThan(sideReadMs + 5_000);
  }, 40_000);

  it('M2 a 6 GB /props body is read no further than a megabyte; the model is still described', async () => {
    const host = await hostile((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url?.startsWith('/v1/models'))
        return response.end(JSON.stringify({ object: 'list', data: [{ id: 'tiny:1b', object: 'model' }] }));
      response.write('{"n_ctx": 4096, "pad": "');
      const piece = 'z'.repeat(1024 * 1024);
      flood(response, () => piece);
    });
    const before = process.memoryUsage();
    const started = Date.now();
    const info = await new OpenAICompatibleClient({ host }).describe('tiny:1b');
    expect(info).toMatchObject({ name: 'tiny:1b' });
    expect(info).not.toHaveProperty('contextLength');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(grownMegabytes(before)).toBeLessThan(150);
  });

  it('M1 M2 a model list that never ends is refused at its size bound, in both clients', async () => {
    const host = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"models": [');
      // Pretty-printed, one entry a line: no single line is long, the whole is endless.
      const entry = `${JSON.stringify({ name: 'm'.repeat(1000), size: 1 })},\n`;
      flood(response, () => entry.repeat(100));
    });
    for (const client of [new OllamaModelClient({ host }), new OpenAICompatibleClient({ host })]) {
      const before = process.memoryUsage();
      const listed = await client.listModels();
      expect(listed, client.kind).toMatchObject({ ok: false, error: { kind: 'bad_reply' } });
      expect(grownMegabytes(before)).toBeLessThan(200);
    }
  });
});
