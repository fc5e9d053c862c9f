/**
 * The files a task's text names, split by whether they are there: "config/server.json sets the
 * port … write it into ANSWER.txt" names one to read and one to make. A path inside parentheses
 * is an example ("write FILE:LINE (e.g. src/a.js:3)"), not a file of the task.
 */
import type { ReadonlyWorkspace } from './workspace-types';
import { namedPaths } from './small-model/step-envelope';

/** The task without what is in parentheses (one level; bounded by the task's length). */
const withoutAsides = (task: string): string => task.replace(/\([^()]*\)/g, ' ');

/**
 * A task that asks for a file to be made, in so many words: "write … into", "create", "save",
 * and "in ANSWER.md, list …" or "put … in" (explain-code: the 1.5B model answered the list
 * instead of writing ANSWER.md, 3 runs of 3, while "list" was not among these words).
 */
const makeWords = /\b(?:write|create|save|list|put|record)\b/i;

export interface TaskFiles {
  /** Named files that are there (folders are neither). */
  there: string[];
  /** Named paths with nothing there. */
  missing: string[];
}

export async function taskFiles(task: string, workspace: ReadonlyWorkspace): Promise<TaskFiles> {
  const files: TaskFiles = { there: [], missing: [] };
  for (const path of namedPaths(withoutAsides(task))) {
    const stat = await workspace.stat(path).catch(() => undefined);
    if (stat?.kind === 'file') files.there.push(path);
    else if (stat === null) files.missing.push(path);
  }
  return files;
}

/**
 * A task that asks for files to be made: it says to write or create and is not a question
 * ("How would I create hello.txt with write_file?" asks for an answer). The files it asks for
 * are then the `missing` of `taskFiles`.
 */
export const asksToMake = (task: string): boolean => makeWords.test(task) && !task.includes('?');

/** The files the task asks to be made: named, and not there. */
export async function askedFiles(task: string, workspace: ReadonlyWorkspace): Promise<string[]> {
  return asksToMake(task) ? (await taskFiles(task, workspace)).missing : [];
}
