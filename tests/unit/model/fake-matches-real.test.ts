/**
 * O3: keeps the fake server honest where no real server runs. Each response recorded from a real
 * Ollama (scripts/ollama/record-fixtures.mjs) is requested again from the fake, and the two must
 * have the same status, content type and shape: every field the real server sent, with the same
 * JSON type, at every depth.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOllamaServer, provisionedModels } from '../../fixtures/fake-ollama-server';

const directory = join(import.meta.dirname, '../../fixtures/ollama-real');
interface Recorded {
  status: number;
  contentType: string;
  body: unknown;
}
const recorded = Object.fromEntries(
  readdirSync(directory).map((name) => [
    name.replace(/\.json$/, ''),
    JSON.parse(readFileSync(join(directory, name), 'utf8')) as Recorded,
  ]),
);
const model = 'gemma3:270m';
const chat = {
  model,
  messages: [{ role: 'user', content: 'Name three colours.' }],
  options: { temperature: 0, num_predict: 12, num_ctx: 2048, seed: 1 },
};
const requests: Record<string, [string, unknown?]> = {
  version: ['/api/version'],
  tags: ['/api/tags'],
  show: ['/api/show', { model }],
  'show-unknown': ['/api/show', { model: 'no-such-model:1b' }],
  'chat-stream': ['/api/chat', { ...chat, stream: true }],
  'chat-once': ['/api/chat', { ...chat, stream: false }],
  'chat-unknown': ['/api/chat', { ...chat, model: 'no-such-model:1b' }],
  'chat-tools-unsupported': [
    '/api/chat',
    {
      ...chat,
      tools: [
        { type: 'function', function: { name: 'x', description: 'x', parameters: { type: 'object', properties: {} } } },
      ],
    },
  ],
  'chat-overflow': [
    '/api/chat',
    {
      ...chat,
      truncate: false,
      options: { num_ctx: 256 },
      messages: [{ role: 'user', content: 'word '.repeat(2000) }],
    },
  ],
  'chat-render-only': ['/api/chat', { ...chat, stream: false, _debug_render_only: true }],
  'pull-unknown': ['/api/pull', { model: 'no-such-model:1b' }],
};

const clientReads = /^(general\.architecture|general\.parameter_count|\w+\.context_length|\w+\.embedding_length)$/;

/** Paths of fields the real server sent that the fake lacks or types differently. */
function shapeDifferences(real: unknown, fake: unknown, path = ''): string[] {
  const type = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  if (type(real) !== type(fake)) return [`${path || '(root)'}: real ${type(real)}, fake ${type(fake)}`];
  if (Array.isArray(real) && Array.isArray(fake)) {
    if (real.length === 0 || fake.length === 0) return [];
    // Streams: the first and last lines have their own shapes.
    return [
      ...shapeDifferences(real[0], fake[0], `${path}[0]`),
      ...shapeDifferences(real.at(-1), fake.at(-1), `${path}[-1]`),
    ];
  }
  if (type(real) !== 'object') return [];
  const fakeRecord = fake as Record<string, unknown>;
  // model_info is the GGUF's own metadata; the fake carries the keys the client reads.
  const entries = Object.entries(real as Record<string, unknown>).filter(
    ([key]) => path !== '.model_info' || clientReads.test(key),
  );
  return entries.flatMap(([key, value]) =>
    key in fakeRecord
      ? shapeDifferences(value, fakeRecord[key], `${path}.${key}`)
      : [`${path}.${key}: missing in the fake`],
  );
}

const server = new FakeOllamaServer({ models: provisionedModels, generate: true });
let host = '';
beforeAll(async () => {
  host = await server.start();
});
afterAll(() => server.stop());

describe('O3 the fake server answers as the recorded real Ollama did', () => {
  it('O3 every recorded response has a request here', () => {
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(requests).sort());
  });
  for (const [name, [path, body]] of Object.entries(requests)) {
    it(`O3 ${name}: same status, content type and shape`, async () => {
      const response = await fetch(`${host}${path}`, body ? { method: 'POST', body: JSON.stringify(body) } : {});
      const text = await response.text();
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
      const real = recorded[name];
      expect(response.status).toBe(real.status);
      expect(response.headers.get('content-type')).toBe(real.contentType);
      expect(shapeDifferences(real.body, lines.length === 1 ? lines[0] : lines)).toEqual([]);
    });
  }
});
