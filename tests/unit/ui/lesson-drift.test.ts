/**
 * U3: a scripted lesson shows the harness as it is. Each one is run again through today's harness
 * and compared with its recorded file: the system prompt word for word, every event in order, and
 * every history item (digits aside: a test run's milliseconds differ from run to run). A change to
 * the harness that a lesson would show fails here until `npx tsx scripts/record-lessons.ts` is run.
 * Lesson 3's notes once described one compaction while the run had two.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { importTrajectory } from '../../../src/lib/store/session-export';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import { lessonFolder, runLesson } from '../../../scripts/lesson-recorder';
import { scriptedLessons } from '../../../scripts/scripted-lessons';

function trajectory(text: string) {
  const result = importTrajectory(text);
  if (!result.ok) throw new Error(result.error);
  return result.trajectory;
}

const digitless = (text: string) => text.replace(/\d+/g, '#');
const firstSystem = (events: HarnessEvent[]) => {
  const sent = events.find((event) => event.type === 'request.messages');
  return sent?.type === 'request.messages' ? sent.added.find((message) => message.role === 'system')?.content : '';
};

describe('U3 the scripted lessons are what the harness records today', () => {
  it.each(scriptedLessons.map((lesson) => [lesson.id, lesson] as const))(
    'U3 lesson %s: the same prompt, events and history as a run now',
    async (id, { title, script, ...run }) => {
      const now = trajectory(
        (await runLesson(id, title, { ...run, model: new ScriptedModelClient(script), modelName: 'lesson (scripted)' }))
          .text,
      );
      const recorded = trajectory(readFileSync(join(lessonFolder, `${id}.session.json`), 'utf8'));
      const hint = `${id} was recorded by another harness: run npx tsx scripts/record-lessons.ts`;
      expect(firstSystem(now.events), hint).toBe(firstSystem(recorded.events));
      expect(
        now.events.map((event) => event.type),
        hint,
      ).toEqual(recorded.events.map((event) => event.type));
      const items = (history: typeof now.session.history) =>
        history.map((item) => `${item.kind}: ${digitless(item.content)}`);
      expect(items(now.session.history), hint).toEqual(items(recorded.session.history));
    },
  );
});
