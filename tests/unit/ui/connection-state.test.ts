/**
 * U2 R4: the connection state Settings and the first screen show, against the fake Ollama of the
 * wire contracts (the same suite holds it to the real server): connected, a missing model with
 * its pull line, a server that is down, something that is not Ollama, a quiet look that finds
 * Ollama's models, and a pull that fails and says so.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionState } from '../../../src/lib/ui/connection-state.svelte';
import { FakeOllamaServer } from '../../fixtures/fake-ollama-server';
import type { FakeOllamaOptions } from '../../fixtures/fake-ollama-server';

const coder = { name: 'qwen2.5-coder:1.5b', capabilities: ['completion', 'tools'], contextLength: 32768 };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function ollama(options: FakeOllamaOptions = {}): Promise<string> {
  const server = new FakeOllamaServer({ models: [coder], ...options });
  const url = await server.start();
  stops.push(() => server.stop());
  return url;
}

describe('U2 R4 the connection state', () => {
  it('U2 a check of a running server with the model: connected, its models listed with their capabilities', async () => {
    const host = await ollama({ version: '0.24.0' });
    const connection = new ConnectionState('http://127.0.0.1:5173');
    await connection.check(host, 'qwen2.5-coder:1.5b');
    expect(connection.status).toEqual({ kind: 'connected', version: '0.24.0', server: 'ollama' });
    expect(connection.describes(host, 'ollama')).toBe(true);
    expect(connection.describes('http://elsewhere:1', 'ollama')).toBe(false);
    await expect.poll(() => connection.models[0]?.capabilities).toEqual(['completion', 'tools']);
  });

  it('R4 a model the server lacks: one state, with the pull line to copy', async () => {
    const host = await ollama();
    const connection = new ConnectionState('http://127.0.0.1:5173');
    await connection.check(host, 'mistral:7b');
    expect(connection.status).toMatchObject({ kind: 'model-missing', command: 'ollama pull mistral:7b' });
  });

  it('R4 nothing listening: down, with the command that starts Ollama; the model list is emptied', async () => {
    const host = await ollama();
    const connection = new ConnectionState('http://127.0.0.1:5173');
    await connection.check(host, 'qwen2.5-coder:1.5b');
    await stops.pop()!();
    await connection.check(host, 'qwen2.5-coder:1.5b');
    expect(connection.status).toMatchObject({ kind: 'down', command: 'ollama serve' });
    expect(connection.models).toEqual([]);
  });

  it('R4 a server that answers, but not as Ollama: said once, with the default URL to try', async () => {
    const other = createServer((_, response) =>
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>no</h1>'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => other.close(() => resolve())));
    const host = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const connection = new ConnectionState('http://127.0.0.1:5173');
    await connection.check(host, 'qwen2.5-coder:1.5b');
    expect(connection.status).toMatchObject({ kind: 'not-ollama', command: 'http://127.0.0.1:11434' });
  });

  it('U2 a quiet look finds a running Ollama with models, and finds nothing, without an error, where none runs', async () => {
    const host = await ollama();
    const connection = new ConnectionState('http://127.0.0.1:5173');
    await connection.discover(host);
    expect(connection.found).toMatchObject({ host, models: ['qwen2.5-coder:1.5b'] });
    expect(connection.looked).toBe(host);
    const empty = await ollama({ models: [] });
    await connection.discover(empty);
    expect(connection.found).toBeUndefined();
    expect(connection.status).toEqual({ kind: 'idle' });
  });

  it('R4 a pull of a model the server cannot fetch fails with a message, and leaves the state usable', async () => {
    const host = await ollama({ pullable: [] });
    const connection = new ConnectionState('http://127.0.0.1:5173');
    expect(await connection.pullModel(host, 'no-such-model:1b')).toBe(false);
    expect(connection.pull).toMatchObject({ model: 'no-such-model:1b', status: 'failed' });
    expect(connection.pull?.error).toContain('no-such-model:1b');
  });
});
