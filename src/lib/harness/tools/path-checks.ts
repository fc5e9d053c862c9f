/** Shared checks for tools that take a path: the workspace decides what is inside the root. */
import type { EntryKind, ReadonlyWorkspace } from '../workspace-types';
import { describeFailure } from '../workspace-error';

/**
 * Resolves to an error text when `path` is not of `kind` (or cannot be looked at), else null;
 * `whenMissing` is added to the text for a path with nothing there (what to do instead).
 */
export async function expectKind(
  workspace: ReadonlyWorkspace,
  path: string,
  kind: EntryKind,
  whenMissing?: string,
): Promise<string | null> {
  try {
    const stat = await workspace.stat(path);
    if (!stat) return `'${path}' does not exist${whenMissing ? `; ${whenMissing}` : ''}`;
    if (stat.kind !== kind) return `'${path}' is a ${stat.kind}, not a ${kind}`;
    return null;
  } catch (error) {
    return describeFailure(error);
  }
}

/** Null when the path is absent or a file (so it may be written), else why not. */
export async function expectWritableFile(workspace: ReadonlyWorkspace, path: string): Promise<string | null> {
  try {
    const stat = await workspace.stat(path);
    if (stat && stat.kind === 'directory') return `'${path}' is a directory`;
    return null;
  } catch (error) {
    return describeFailure(error);
  }
}

/** Folders that listings and searches skip: tooling state, not project content. */
export const ignoredNames = new Set(['.git', 'node_modules', '.harness', 'dist', '.venv', '__pycache__']);

export function joinPath(directory: string, name: string): string {
  return directory === '.' || directory === '' ? name : `${directory.replace(/\/+$/, '')}/${name}`;
}
