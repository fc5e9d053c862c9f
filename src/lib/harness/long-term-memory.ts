/**
 * S5: a per-workspace memory file (default `.harness/MEMORY.md`) that the prompt includes when
 * present and that the note tool can add to (with approval: it changes what later sessions read).
 * It is a plain file: visible and editable by people.
 */
import type { ReadonlyWorkspace } from './workspace-types';
import { isWritable } from './workspace-views';
import { describeFailure } from './workspace-error';

export const defaultMemoryFile = '.harness/MEMORY.md';
/** Characters of the memory file that reach the prompt. */
const memoryFileChars = 2000;

export async function readLongTermMemory(
  workspace: ReadonlyWorkspace,
  path: string,
): Promise<{ path: string; text: string } | undefined> {
  if (!path) return undefined;
  try {
    const stat = await workspace.stat(path);
    if (stat?.kind !== 'file') return undefined;
    if (stat.size > 256 * 1024)
      return { path, text: `(${path} is ${stat.size} bytes; only files under 256 KiB are read)` };
    return { path, text: (await workspace.readFile(path)).slice(0, memoryFileChars * 4) };
  } catch (error) {
    return { path, text: `(could not read ${path}: ${describeFailure(error)})` };
  }
}

/** Appends one line; resolves to an error text when it could not, else undefined. */
export async function appendLongTermNote(
  workspace: ReadonlyWorkspace,
  path: string,
  note: string,
): Promise<string | undefined> {
  if (!path) return 'long-term memory is off';
  if (!isWritable(workspace)) return 'this session cannot write files';
  try {
    const stat = await workspace.stat(path);
    const before =
      stat?.kind === 'file'
        ? await workspace.readFile(path)
        : '# Workspace memory\n\nNotes the agent keeps across sessions. Edit freely.\n\n';
    await workspace.writeFile(path, `${before.replace(/\n*$/, '\n')}- ${note.replace(/\s+/g, ' ').trim()}\n`);
    return undefined;
  } catch (error) {
    return `could not write ${path}: ${describeFailure(error)}`;
  }
}
