/**
 * U3: a bundled lesson from a recorded eval run — a real model's session as `npm run eval` kept
 * it (evals sessions folder), under a lesson's id and title, with its notes and figures written
 * from its events like every lesson's. Lesson 6 is Qwen2.5-Coder-1.5B passing patch-one-line (a
 * rung-2 task) in the qwen-1.5b-patch sweep (constrained output, small profile, on Ollama):
 *
 *   npx tsx scripts/lesson-from-eval.ts <run>.session.json real-coder "Lesson 6: …" "summary"
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lessonFolder, writeLessonNotes } from './write-lesson-notes';
import type { HarnessEvent } from '../src/lib/harness/events';
import { upgradeEvent, upgradeSession } from '../src/lib/harness/model-options';
import type { Session } from '../src/lib/harness/session';

const [file, id, title, summary] = process.argv.slice(2);
if (!file || !id || !title || !summary) {
  console.error('usage: lesson-from-eval.ts <run>.session.json <lesson-id> <title> <summary>');
  process.exit(2);
}
const run = JSON.parse(readFileSync(file, 'utf8')) as {
  session: Session;
  events: HarnessEvent[];
};
// A fixed id, so opening the lesson again replaces the last copy; the title is the lesson's (an
// "eval:" title would list it with the eval runs).
const sessionId = `lesson-${id}`;
const lesson = {
  ...run,
  // A run recorded before the model port's names is written in the current ones, session and events.
  session: { ...upgradeSession(run.session), id: sessionId, title },
  events: run.events.map((event) => ({ ...upgradeEvent(event), sessionId })),
};
writeFileSync(join(lessonFolder, `${id}.session.json`), `${JSON.stringify(lesson)}\n`);
console.log(writeLessonNotes(id, { title, summary }));
