/**
 * U3: a teacher's notes on the steps of any session — written during its replay, kept with the
 * session (and in its export), and exported as a lesson: the same pair of files the bundled lessons
 * are (`<id>.session.json`, `<id>.notes.json`), in one zip.
 */
import { sessionMeta } from '../harness/session';
import type { StepNote } from '../harness/session';
import type { SessionLibrary } from './session-library.svelte';
import type { Notice } from './session-actions';
import { zipFiles } from '../workspace/workspace-zip';

export const maxNoteChars = 20_000;

interface NotesHost {
  session: import('../harness/session').Session | undefined;
  library: SessionLibrary;
  notice: Notice | undefined;
  editSession(change: (session: import('../harness/session').Session) => void): void;
}

/** Sets (or, with empty text, removes) the note on `step` of the open session, and saves it. */
export async function setStepNote(page: NotesHost, step: number, slot: string, text: string): Promise<void> {
  const session = page.session;
  if (!session) return;
  const others = (session.notes ?? []).filter((note) => note.step !== step);
  const trimmed = text.trim().slice(0, maxNoteChars);
  const notes = trimmed ? [...others, { step, slot, text: trimmed }].sort((a, b) => a.step - b.step) : others;
  page.editSession((open) => (open.notes = notes.map((note) => ({ ...note }))));
  await page.library.store
    .saveMeta(sessionMeta(session))
    .catch((error: Error) => (page.notice = { kind: 'error', text: `The note was not kept: ${error.message}` }));
}

/**
 * A file name from a title: lower case, dashes, nothing a file system could misread; a long title
 * is cut at a word (a dash), never mid-word.
 */
export function lessonId(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 60) return slug || 'lesson';
  const cut = slug.slice(0, 61);
  const dash = cut.lastIndexOf('-');
  return dash > 20 ? cut.slice(0, dash) : slug.slice(0, 60);
}

/** The zip of a session and its notes, as a bundled lesson is laid out, under `title` (the session's by default). */
export async function lessonZip(
  library: SessionLibrary,
  id: string,
  title?: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const session = await library.store.load(id);
  if (!session) throw new Error(`Session ${id} is gone.`);
  const notes: StepNote[] = session.notes ?? [];
  const lessonTitle = title?.trim() || session.title;
  const name = lessonId(lessonTitle);
  const firstLine = session.memory.task.split('\n')[0] ?? '';
  const files = {
    [`${name}.session.json`]: await library.exportSession(id, { files: {}, tasks: [] }),
    [`${name}.notes.json`]: `${JSON.stringify(
      { title: lessonTitle, summary: firstLine ? `Task: ${firstLine}` : lessonTitle, notes },
      null,
      1,
    )}\n`,
  };
  return { name: `${name}.lesson.zip`, bytes: zipFiles(files) };
}
