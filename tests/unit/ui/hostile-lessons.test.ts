/**
 * U3 T7: a teacher's lesson is hostile input like any import. Its notes may name only the slots the
 * page defines — not a name every object has (`constructor`, `__proto__`, `toString`) — and every
 * word of it that reaches the handout's HTML is escaped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLessonFiles } from '../../../src/lib/ui/teaching/teacher-lessons';
import { lessonHandout } from '../../../src/lib/ui/teaching/lesson-handout';
import { importTrajectory } from '../../../src/lib/store/session-export';

const session = readFileSync('src/lib/ui/teaching/lessons/clean-run.session.json', 'utf8');
const notes = (slot: string, title = 'A lesson') =>
  JSON.stringify({ title, summary: 'two steps', notes: [{ step: 1, slot, text: 'look here' }] });

describe('U3 T7 a teacher lesson from a zip', () => {
  it('U3 T7 a note naming a slot every object has is refused, naming the slots there are', () => {
    for (const slot of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(readLessonFiles({ 'x.session.json': session, 'x.notes.json': notes(slot) }), slot).toMatchObject({
        ok: false,
        error: expect.stringMatching(/"slot" must be one of instructions, tools, environment, state, feedback/),
      });
    expect(readLessonFiles({ 'x.session.json': session, 'x.notes.json': notes('feedback') }).ok).toBe(true);
  });

  it('U3 T7 the handout escapes what a lesson brings: its title, summary, notes and slot names', () => {
    const imported = importTrajectory(session);
    if (!imported.ok) throw new Error(imported.error);
    const html = lessonHandout(
      {
        title: '<script>alert(1)</script>',
        summary: '<img src=x onerror=alert(2)>',
        figures: '"><b>bold</b>',
        notes: [{ step: 1, slot: '<i>feedback</i>' as never, text: '<a href="javascript:alert(3)">x</a>' }],
      },
      imported.trajectory,
    );
    expect(html).not.toMatch(/<script>alert|<img src=x|<i>feedback|<a href="javascript/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;i&gt;feedback&lt;/i&gt;');
  });
});
