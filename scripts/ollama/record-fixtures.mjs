#!/usr/bin/env node
// Records real Ollama responses into tests/fixtures/ollama-real/ (run against `npm run
// ollama:serve`): the fake server's shapes are checked against them in the unit tests, so the
// fake stays honest where no real server runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const host = (process.env.OLLAMA_HOST || 'http://127.0.0.1:11434').replace(/\/+$/, '');
const model = process.env.HARNESS_LIVE_MODEL || 'gemma3:270m';
const out = join(import.meta.dirname, '../../tests/fixtures/ollama-real');
mkdirSync(out, { recursive: true });

async function call(path, body) {
  const response = await fetch(`${host}${path}`, body ? { method: 'POST', body: JSON.stringify(body) } : {});
  const text = await response.text();
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: lines.length === 1 ? lines[0] : lines,
  };
}

const chat = {
  model,
  messages: [{ role: 'user', content: 'Name three colours.' }],
  options: { temperature: 0, num_predict: 12, num_ctx: 2048, seed: 1 },
};
const recorded = {
  version: await call('/api/version'),
  tags: await call('/api/tags'),
  show: await call('/api/show', { model }),
  'show-unknown': await call('/api/show', { model: 'no-such-model:1b' }),
  'chat-stream': await call('/api/chat', { ...chat, stream: true }),
  'chat-once': await call('/api/chat', { ...chat, stream: false }),
  'chat-unknown': await call('/api/chat', { ...chat, model: 'no-such-model:1b' }),
  'chat-tools-unsupported': await call('/api/chat', {
    ...chat,
    tools: [
      { type: 'function', function: { name: 'x', description: 'x', parameters: { type: 'object', properties: {} } } },
    ],
  }),
  'chat-overflow': await call('/api/chat', {
    ...chat,
    truncate: false,
    options: { num_ctx: 256 },
    messages: [{ role: 'user', content: 'word '.repeat(2000) }],
  }),
  'chat-render-only': await call('/api/chat', { ...chat, stream: false, _debug_render_only: true }),
  'pull-unknown': await call('/api/pull', { model: 'no-such-model:1b' }),
};
// The show response carries the model's license text and tokenizer lists: keep it small.
const show = recorded.show.body;
show.license = `${String(show.license ?? '').slice(0, 80)}…`;
for (const [name, value] of Object.entries(show.model_info ?? {}))
  if (Array.isArray(value)) show.model_info[name] = value.slice(0, 3);
for (const [name, value] of Object.entries(recorded))
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(value, null, 1)}\n`);
console.log(
  `recorded ${Object.keys(recorded).length} responses of Ollama ` +
    `${recorded.version.body.version} (${model}) into ${out}`,
);
