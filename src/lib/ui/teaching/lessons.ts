/**
 * U3: the bundled lessons — recorded sessions (scripts/record-lessons.ts) replayed with no server,
 * each step with a note naming the slot it illustrates. Loaded on demand, not in the entry chunk.
 */
import type { SlotName } from './five-slots';
import type { Trajectory } from '../../store/session-export';

export interface LessonNote {
  step: number;
  slot: SlotName;
  text: string;
}

export interface Lesson {
  id: string;
  title: string;
  summary: string;
  /** Counts read from the recorded events (lesson-notes.ts lessonFigures), never typed by hand. */
  figures: string;
  notes: LessonNote[];
  /** A teacher's own lesson (teacher-lessons.ts): its reviewed session, kept in the page's database. */
  teacher?: { importedAt: number; trajectory: Trajectory };
}

export { lessonIds } from './lesson-ids';
import { lessonIds } from './lesson-ids';

const notes = import.meta.glob('./lessons/*.notes.json', { import: 'default' }) as Record<
  string,
  () => Promise<Omit<Lesson, 'id'>>
>;
const sessions = import.meta.glob('./lessons/*.session.json', { import: 'default' }) as Record<
  string,
  () => Promise<Trajectory>
>;

export async function lessonList(): Promise<Lesson[]> {
  return Promise.all(lessonIds.map(async (id) => ({ id, ...(await notes[`./lessons/${id}.notes.json`]()) })));
}

export async function lessonSession(id: string): Promise<Trajectory> {
  const load = sessions[`./lessons/${id}.session.json`];
  if (!load) throw new Error(`no lesson "${id}"`);
  return load();
}
