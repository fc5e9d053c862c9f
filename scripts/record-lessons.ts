/**
 * Records the bundled lessons (U3): sessions run through the real harness with a scripted model
 * (the lessons are in scripted-lessons.ts), written as session files the page replays with no
 * server. Run after changing the harness: `npx tsx scripts/record-lessons.ts` (a unit test fails
 * until you do); their notes are written from the events (write-lesson-notes.ts), keeping each
 * hand-written title and summary. Lesson 5 comes from a real model: scripts/record-real-lesson.ts.
 */
import { ScriptedModelClient } from '../src/lib/model/scripted-model-client';
import { recordLesson } from './lesson-recorder';
import { scriptedLessons } from './scripted-lessons';

for (const { id, title, script, ...run } of scriptedLessons) {
  const { outcome, steps, items } = await recordLesson(id, title, {
    ...run,
    model: new ScriptedModelClient(script),
    modelName: 'lesson (scripted)',
  });
  console.log(`${id}: ${outcome}, ${steps} steps, ${items} items`);
}
