/**
 * The files a task's text names, split by whether they are there: "X sets the port … write it
 * into Y" names one to read and one to make. A path inside parentheses is an example
 * ("write FILE:LINE (e.g. src/a.js:3)"), not a file of the task.
 */
import type { ReadonlyWorkspace } from '../workspace-types';

/** A path as a grammar allows it: plain, relative, no `..`. */
export const relativePathPattern = '^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$';

/**
 * Workspace paths the task's text names ("write it into ANSWER.txt", "fix src/a.js"): words
 * with an extension or a folder, in the plain relative form a grammar allows.
 */
const relativePath = new RegExp(relativePathPattern);

export function namedPaths(task: string): string[] {
  const words = task.match(/[A-Za-z0-9_][A-Za-z0-9_./-]*/g) ?? [];
  const paths = words
    .map((word) => word.replace(/[.]+$/, ''))
    .filter((word) => /\.[A-Za-z0-9]{1,8}$/.test(word) || word.includes('/'))
    .filter((word) => relativePath.test(word) && !/^\d+(\.\d+)+$/.test(word));
  return [...new Set(paths)];
}

/** The task without what is in parentheses (one level; bounded by the task's length). */
const withoutAsides = (task: string): string => task.replace(/\([^()]*\)/g, ' ');

/**
 * Words that ask for a file to be made or filled: "write … into", "create", "save … to", "put … in",
 * "record", "store", "add a file", "list … in", "answer in".
 */
const makeWords = /\b(?:write|create|save|list|put|record|store|add|answer)\b/i;

/**
 * The task's sentences: split after ".", "!" or "?" followed by a space, so that a path's dot
 * ("value.txt") or a version ("1.2.3") does not end one.
 */
const sentences = (task: string): string[] => task.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim());

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
 * The paths of `missing` the task asks to be made: named in a sentence that says to make or fill
 * a file and is not a question. "What is the port? Put just the value in value.txt." asks for
 * value.txt; "How would I create hello.txt with write_file?" asks for an answer, not a file.
 */
export function askedPaths(task: string, missing: readonly string[]): string[] {
  const asked = sentences(withoutAsides(task))
    .filter((sentence) => !sentence.trimEnd().endsWith('?') && makeWords.test(sentence))
    .flatMap((sentence) => namedPaths(sentence));
  return missing.filter((path) => asked.includes(path));
}
