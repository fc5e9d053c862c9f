/**
 * U3: every bundled lesson's notes and figures, written again from its recorded events,
 * so no note can say what its step does not show. Only the title and summary are hand-written and
 * kept. `npx tsx scripts/write-lesson-notes.ts`; a unit test checks the files match what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lessonIds } from '../src/lib/ui/teaching/lesson-ids';
import { lessonNotesFile } from '../src/lib/ui/teaching/lesson-notes';
import type { HarnessEvent } from '../src/lib/harness/events';

export const lessonFolder = join(import.meta.dirname, '../src/lib/ui/teaching/lessons');

/** Writes one lesson's notes file from its session file; a new title or summary replaces the old. */
export function writeLessonNotes(id: string, words?: { title: string; summary: string }): string {
  const recorded = JSON.parse(readFileSync(join(lessonFolder, `${id}.session.json`), 'utf8')) as {
    session: { id: string };
    events: HarnessEvent[];
  };
  const file = join(lessonFolder, `${id}.notes.json`);
  const kept = words ?? (JSON.parse(readFileSync(file, 'utf8')) as { title: string; summary: string });
  const lesson = lessonNotesFile(recorded.events, recorded.session.id, kept);
  writeFileSync(file, `${JSON.stringify(lesson, null, 1)}\n`);
  return `${id}: ${lesson.figures}`;
}

if (import.meta.filename === process.argv[1]) for (const id of lessonIds) console.log(writeLessonNotes(id));
