/**
 * U3: a teacher's own lessons. "Export as lesson" writes `<id>.session.json` and
 * `<id>.notes.json` in one `.lesson.zip`; this reads such a zip back (every part checked, each
 * problem named), and keeps the lesson in the page's database beside the bundled ones until it
 * is removed. The session inside is untrusted like any import: the caller reviews it first.
 */
import type { FileMap } from '../../workspace/workspace-files';
import type { HarnessDatabase, TeacherLessonRecord } from '../../store/harness-database';
import { importTrajectory } from '../../store/session-export';
import type { Trajectory } from '../../store/session-export';
import { slotInfo } from './five-slots';
import type { SlotName } from './five-slots';
import type { Lesson, LessonNote } from './lessons';
import { lessonFigures } from './lesson-notes';

export const maxTeacherLessons = 100;
const maxTitle = 200;
const maxSummary = 2000;
const maxNote = 20_000;

export type LessonRead = { ok: true; trajectory: Trajectory; words: TeacherWords } | { ok: false; error: string };

interface TeacherWords {
  title: string;
  summary: string;
  notes: LessonNote[];
}

/** The two files of a lesson zip, checked: a session a replay can show, and notes on its steps. */
export function readLessonFiles(files: FileMap, skipped: readonly string[] = []): LessonRead {
  const named = (suffix: string) => Object.keys(files).filter((path) => path.endsWith(suffix));
  const sessions = named('.session.json');
  const notes = named('.notes.json');
  const left = skipped.length ? ` (left out of the zip: ${skipped.slice(0, 3).join(', ')})` : '';
  if (sessions.length !== 1 || notes.length !== 1)
    return {
      ok: false,
      error:
        `A lesson zip holds one <name>.session.json and one <name>.notes.json; this one has ` +
        `${sessions.length} and ${notes.length}${left}. Make it with "Export as lesson".`,
    };
  const imported = importTrajectory(files[sessions[0]]);
  if (!imported.ok) return { ok: false, error: `${sessions[0]}: ${imported.error}` };
  const words = readNotes(files[notes[0]], imported.trajectory);
  return typeof words === 'string'
    ? { ok: false, error: `${notes[0]}: ${words}` }
    : { ok: true, trajectory: imported.trajectory, words };
}

/** The notes file, or what is wrong with it (a string). */
function readNotes(text: string, trajectory: Trajectory): TeacherWords | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  const record = value as { title?: unknown; summary?: unknown; notes?: unknown };
  if (typeof record?.title !== 'string' || !record.title.trim() || record.title.length > maxTitle)
    return `"title" must be text of 1 to ${maxTitle} characters`;
  if (typeof record.summary !== 'string' || record.summary.length > maxSummary)
    return `"summary" must be text of at most ${maxSummary} characters`;
  if (!Array.isArray(record.notes)) return '"notes" must be a list';
  const steps = trajectory.events.filter(
    (event) => event.type === 'request.sent' && event.sessionId === trajectory.session.id,
  ).length;
  const notes: LessonNote[] = [];
  for (const [index, note] of (record.notes as unknown[]).entries()) {
    const { step, slot, text: words } = (note ?? {}) as { step?: unknown; slot?: unknown; text?: unknown };
    if (!Number.isInteger(step) || (step as number) < 1 || (step as number) > steps)
      return `note ${index + 1}: "step" must be a step of the session (1 to ${steps})`;
    if (typeof slot !== 'string' || !Object.hasOwn(slotInfo, slot))
      return `note ${index + 1}: "slot" must be one of ${Object.keys(slotInfo).join(', ')}`;
    if (typeof words !== 'string' || !words.trim() || words.length > maxNote)
      return `note ${index + 1}: "text" must be text of 1 to ${maxNote} characters`;
    notes.push({ step: step as number, slot: slot as SlotName, text: words });
  }
  return { title: record.title.trim(), summary: record.summary, notes };
}

/** A lesson as the Lessons view lists it; its figures are counted from its events, as the bundled ones'. */
export function teacherLesson(record: TeacherLessonRecord): Lesson {
  return {
    id: record.id,
    title: record.title,
    summary: record.summary,
    figures: lessonFigures(record.trajectory.events, record.trajectory.session.id),
    notes: record.notes.map((note) => ({ ...note, slot: note.slot as SlotName })),
    teacher: { importedAt: record.importedAt, trajectory: record.trajectory },
  };
}

export class TeacherLessons {
  constructor(private readonly database: HarnessDatabase) {}

  async list(): Promise<Lesson[]> {
    const records = await this.database.getAll('lessons');
    return records.sort((a, b) => a.importedAt - b.importedAt).map(teacherLesson);
  }

  /** Keeps a reviewed lesson; the same title again replaces the older copy. */
  async add(trajectory: Trajectory, words: TeacherWords, now = Date.now()): Promise<Lesson> {
    const all = await this.database.getAll('lessons');
    const same = all.find((record) => record.title === words.title);
    if (!same && all.length >= maxTeacherLessons)
      throw new Error(`The page keeps at most ${maxTeacherLessons} lessons of your own; remove one first.`);
    const record: TeacherLessonRecord = {
      id: same?.id ?? `teacher-${now.toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      ...words,
      trajectory,
      importedAt: now,
    };
    await this.database.put('lessons', record);
    return teacherLesson(record);
  }

  /**
   * A teacher's own words on one step (empty text removes the note), kept in the lesson: a lesson
   * of their own is changed in place; a bundled one is copied into their lessons first (the
   * bundled files are part of the app), under its title with "(your notes)".
   */
  async setNote(lesson: Lesson, trajectory: Trajectory, note: LessonNote, now = Date.now()): Promise<Lesson> {
    const text = note.text.trim().slice(0, maxNote);
    const notes = [
      ...lesson.notes.filter((entry) => entry.step !== note.step),
      ...(text ? [{ ...note, text }] : []),
    ].sort((a, b) => a.step - b.step);
    if (lesson.teacher) {
      const record = await this.database.get('lessons', lesson.id);
      if (!record) throw new Error(`The lesson "${lesson.title}" is no longer in this page's database.`);
      const changed = { ...record, notes };
      await this.database.put('lessons', changed);
      return teacherLesson(changed);
    }
    const title = `${lesson.title} (your notes)`.slice(0, maxTitle);
    return this.add(trajectory, { title, summary: lesson.summary, notes }, now);
  }

  remove(id: string): Promise<void> {
    return this.database.delete('lessons', id);
  }
}
