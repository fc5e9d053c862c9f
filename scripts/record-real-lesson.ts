/**
 * Records Lesson 5 (U3) from a real model on a real Ollama: a very small model on the failing-test
 * sample, in a window small enough to compact, with the harness's guards on — so a class sees what
 * such a model really does and what the harness does about it. The notes are made from the events
 * (scripts/lesson-notes.ts), so a re-recording matches its notes.
 *   OLLAMA_HOST=http://127.0.0.1:11434 npx tsx scripts/record-real-lesson.ts [model]
 *   npx tsx scripts/record-real-lesson.ts --notes-only   (notes again from the recorded session)
 * Default model gemma3:270m (provisioned by `npm run ollama:serve`); temperature 0, seed 1. About
 * 15 minutes on 2 cores.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HarnessEvent } from '../src/lib/harness/events';
import { OllamaModelClient } from '../src/lib/model/ollama-model-client';
import { findSample } from '../src/lib/workspace/samples/sample-projects';
import { lessonFolder, recordLesson } from './lesson-recorder';
import { notesFromEvents } from './lesson-notes';

const id = 'real-model';
const sessionFile = join(lessonFolder, `${id}.session.json`);
// The window is small on purpose (compaction shows), the reply limit too (a small model that echoes
// its prompt is cut early); both can be changed to explore.
const numCtx = Number(process.env.LESSON_NUM_CTX ?? 3072);
const numPredict = Number(process.env.LESSON_NUM_PREDICT ?? 256);

function writeNotes(model: string, version: string, events: readonly HarnessEvent[], outcome: string): string[] {
  const notes = notesFromEvents(events);
  const title = `Lesson 5: a real small model (${model}), recorded`;
  const summary =
    `Not scripted: ${model} on a real Ollama ${version} (CPU, temperature 0, num_ctx ${numCtx}), recorded ` +
    `by scripts/record-real-lesson.ts. What a very small model really does with this harness, and what ` +
    `the harness does about it, step by step (${notes.length} steps, ended: ${outcome}).`;
  writeFileSync(join(lessonFolder, `${id}.notes.json`), `${JSON.stringify({ title, summary, notes }, null, 1)}\n`);
  return [...new Set(notes.map((note) => note.slot))];
}

if (process.argv.includes('--notes-only')) {
  const recorded = JSON.parse(readFileSync(sessionFile, 'utf8')) as {
    session: { model: string };
    events: HarnessEvent[];
  };
  const finished = recorded.events.findLast((event) => event.type === 'run.finished');
  const started = recorded.events.find((event) => event.type === 'run.started');
  const version = /Ollama ([\d.]+)/.exec(JSON.stringify(started ?? {}))?.[1] ?? process.env.OLLAMA_VERSION ?? '0.24.0';
  const slots = writeNotes(recorded.session.model, version, recorded.events, finished?.outcome.kind ?? 'unknown');
  console.log(`${id}: notes again from the recorded events (slots ${slots.join(', ')})`);
  process.exit(0);
}

const host = process.env.OLLAMA_HOST ?? 'http://127.0.0.1:11434';
const model = process.argv.find((arg, index) => index > 1 && !arg.startsWith('--')) ?? 'gemma3:270m';
const version = await fetch(`${host}/api/version`)
  .then((response) => response.json() as Promise<{ version: string }>)
  .catch(() => undefined);
if (!version) {
  console.error(`No Ollama at ${host}: start one with \`npm run ollama:serve\` (it provisions ${model}).`);
  process.exit(2);
}
const started = Date.now();
const { outcome, steps, items, events } = await recordLesson(id, `Lesson 5: a real small model (${model}), recorded`, {
  sample: 'failing-test',
  task: findSample('failing-test')!.task,
  model: new OllamaModelClient({ host }),
  modelName: model,
  realClock: true,
  settings: {
    protocol: 'text',
    options: { temperature: 0, seed: 1, numCtx, numPredict },
    limits: { maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 4, maxFailedSteps: 0 },
  },
});
const slots = writeNotes(model, version.version, events, outcome);
console.log(
  `${id}: ${outcome}, ${steps} steps, ${items} items, slots ${slots.join(', ')}, ` +
    `${Math.round((Date.now() - started) / 1000)} s`,
);
