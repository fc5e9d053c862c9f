/** W6: all text files of a workspace as a map, and back; for snapshots, export and import. */
import type { ReadonlyWorkspace, Workspace } from '../harness/ports';
import { ignoredNames } from '../harness/tools/path-checks';

export type FileMap = Record<string, string>;

export interface CollectOptions {
  /** Folders to skip besides the usual tooling ones (`.harness` is kept: it holds MEMORY.md). */
  skip?: Set<string>;
  maxFileBytes?: number;
}

/** The paths `collectFiles` would return, without reading any content (for file trees). */
export async function listFiles(workspace: ReadonlyWorkspace, options: CollectOptions = {}): Promise<string[]> {
  const skip = options.skip ?? new Set([...ignoredNames].filter((name) => name !== '.harness'));
  const maxBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
  const paths: string[] = [];
  const walk = async (directory: string) => {
    for (const entry of await workspace.readdir(directory)) {
      if (skip.has(entry.name)) continue;
      const path = directory === '.' ? entry.name : `${directory}/${entry.name}`;
      if (entry.kind === 'directory') await walk(path);
      else if (entry.kind === 'file') {
        const stat = await workspace.stat(path);
        if (stat && stat.size <= maxBytes) paths.push(path);
      }
    }
  };
  await walk('.');
  return paths;
}

export async function collectFiles(workspace: ReadonlyWorkspace, options: CollectOptions = {}): Promise<FileMap> {
  const files: FileMap = {};
  for (const path of await listFiles(workspace, options)) files[path] = await workspace.readFile(path);
  return files;
}

/** Writes every file of the map; with `exact`, removes files the map does not have. */
export async function restoreFiles(
  workspace: Workspace,
  files: FileMap,
  options: { exact?: boolean } = {},
): Promise<void> {
  if (options.exact) {
    for (const path of await listFiles(workspace)) if (!(path in files)) await workspace.remove(path);
  }
  for (const [path, content] of Object.entries(files)) await workspace.writeFile(path, content);
}
