/** O4: the workspace's files and folders, as the small profile's prompt and grammar list them (bounded). */
import type { ReadonlyWorkspace } from '../workspace-types';
import { ignoredNames } from '../tools/path-checks';

export interface WorkspacePaths {
  files: string[];
  /** Folders, with "." for the root. */
  folders: string[];
}

/** More paths than this and the grammar would cost more than it helps: paths are left free. */
export const pathChoiceLimit = 200;

/** The workspace's files and folders, or undefined when there are more than `limit`. */
export async function workspacePaths(
  workspace: ReadonlyWorkspace,
  limit = pathChoiceLimit,
): Promise<WorkspacePaths | undefined> {
  const paths: WorkspacePaths = { files: [], folders: ['.'] };
  const queue = ['.'];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const entry of await workspace.readdir(folder)) {
      if (ignoredNames.has(entry.name)) continue;
      const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
      if (entry.kind === 'directory') {
        paths.folders.push(path);
        queue.push(path);
      } else if (entry.kind === 'file') paths.files.push(path);
      if (paths.files.length + paths.folders.length > limit) return undefined;
    }
  }
  return paths;
}
