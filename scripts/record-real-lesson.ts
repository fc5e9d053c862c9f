/**
 * Records a lesson (U3) from a real model on a real Ollama, with the harness's guards on, so a
 * class sees what such a model really does and what the harness does about it. Its notes and
 * figures are written from the events (write-lesson-notes.ts), so a re-recording matches them.
 *   OLLAMA_HOST=http://127.0.0.1:11434 npx tsx scripts/record-real-lesson.ts real-model
 *   OLLAMA_HOST=http://127.0.0.1:11434 npx tsx scripts/record-real-lesson.ts real-coder
 * Lesson 5 (real-model): gemma3:270m, a model too small to code, on the failing-test sample in a
 * window small enough to compact (about 15 minutes on 2 cores). Lesson 6 (real-coder): Qwen2.5-Coder
 * 1.5B with the settings that worked best in the sweep (docs/measurements.md), solving the same
 * sample (several minutes). Both provisioned by `npm run ollama:serve`; temperature 0, seed 1.
 */
import { OllamaModelClient } from '../src/lib/model/ollama-model-client';
import type { AgentSettings } from '../src/lib/harness/settings';
import { findSample } from '../src/lib/workspace/samples/sample-projects';
import { recordLesson } from './lesson-recorder';

interface RealLesson {
  title: (model: string) => string;
  model: string;
  summary: (model: string, version: string) => string;
  settings: (contextWindow: number) => Partial<AgentSettings>;
}

const contextWindow = Number(process.env.LESSON_NUM_CTX ?? 0);
const lessons: Record<string, RealLesson> = {
  'real-model': {
    title: (model) => `Lesson 5: a real small model (${model}), recorded`,
    model: 'gemma3:270m',
    summary: (model, version) =>
      `Not scripted: ${model} on a real Ollama ${version} (CPU, temperature 0), recorded by ` +
      'scripts/record-real-lesson.ts. What a very small general model really does with this harness, ' +
      'and what the harness does about it, step by step.',
    // The window is small on purpose (compaction shows), the reply limit too (a small model that
    // echoes its prompt is cut early); both can be changed to explore.
    settings: (ctx) => ({
      protocol: 'text',
      options: { temperature: 0, seed: 1, contextWindow: ctx || 3072, outputLimit: 256 },
      limits: { maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 4, maxFailedSteps: 0 },
    }),
  },
  'real-coder': {
    title: (model) => `Lesson 6: a real coding model (${model}) fixes a test`,
    model: 'qwen2.5-coder:1.5b',
    summary: (model, version) =>
      `Not scripted: ${model} on a real Ollama ${version} (CPU, temperature 0, small-model profile), ` +
      'recorded by scripts/record-real-lesson.ts. A model that can code, and the parts of the ' +
      'harness that turn its replies into work: the tool protocol, results it reads back, and the ' +
      'done-check that decides whether it really finished.',
    settings: (ctx) => ({
      protocol: 'native',
      profile: 'small',
      options: { temperature: 0, seed: 1, contextWindow: ctx || 8192 },
      limits: { maxSteps: 12, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 4, maxFailedSteps: 0 },
      verifyCommand: 'npm test',
    }),
  },
};

const id = process.argv[2] ?? 'real-model';
const lesson = lessons[id];
if (!lesson) {
  console.error(`No real lesson "${id}"; choose ${Object.keys(lessons).join(' or ')}.`);
  process.exit(2);
}
const host = process.env.OLLAMA_HOST ?? 'http://127.0.0.1:11434';
const model = process.argv[3] ?? lesson.model;
const version = await fetch(`${host}/api/version`)
  .then((response) => response.json() as Promise<{ version: string }>)
  .catch(() => undefined);
if (!version) {
  console.error(`No Ollama at ${host}: start one with \`npm run ollama:serve\` (it provisions ${model}).`);
  process.exit(2);
}
const started = Date.now();
const { outcome, steps, items } = await recordLesson(id, lesson.title(model), {
  sample: 'failing-test',
  task: findSample('failing-test')!.task,
  model: new OllamaModelClient({ host }),
  modelName: model,
  realClock: true,
  summary: lesson.summary(model, version.version),
  settings: lesson.settings(contextWindow),
});
console.log(`${id}: ${outcome}, ${steps} steps, ${items} items, ${Math.round((Date.now() - started) / 1000)} s`);
