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
    if (!stat)
      return `'${path}' does not exist${whenMissing ? `; ${whenMissing}` : ''}${await nearby(workspace, path)}`;
    if (stat.kind !== kind) return `'${path}' is a ${stat.kind}, not a ${kind}`;
    return null;
  } catch (error) {
    return describeFailure(error);
  }
}

const listedEntries = 15;

/**
 * What is there instead of a missing path: the entries of its nearest folder that exists. Issue
 * 32: Qwen2.5-Coder-1.5B patched the instructions' example file (binary_search.js) and, told it
 * did not exist, made up tests/binary_search.test.js; it had never listed the workspace. Bounded
 * (a path's depth, `listedEntries` names); a folder that cannot be read adds nothing.
 */
async function nearby(workspace: ReadonlyWorkspace, path: string): Promise<string> {
  const parts = path.split('/').filter((part) => part && part !== '.');
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const folder = parts.slice(0, depth).join('/') || '.';
    const entries = await workspace.readdir(folder).catch(() => undefined);
    if (!entries) continue;
    const names = entries
      .filter((entry) => !ignoredNames.has(entry.name))
      .map((entry) => (entry.kind === 'directory' ? `${entry.name}/` : entry.name))
      .sort();
    if (names.length === 0) return '';
    const shown = names.slice(0, listedEntries).join(', ') + (names.length > listedEntries ? ', …' : '');
    return `. ${folder === '.' ? 'At the top of the workspace' : `In ${folder}/`}: ${shown}`;
  }
  return '';
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
