/** DESIGN rule 4: read tools and subagents see a workspace that has no writing methods at all. */
import type { ReadonlyWorkspace, Workspace } from './workspace-types';

export function readonlyView(workspace: ReadonlyWorkspace): ReadonlyWorkspace {
  return {
    describe: () => workspace.describe(),
    readFile: (path) => workspace.readFile(path),
    readdir: (path) => workspace.readdir(path),
    stat: (path) => workspace.stat(path),
    repoContext: () => workspace.repoContext(),
  };
}

export function isWritable(workspace: ReadonlyWorkspace): workspace is Workspace {
  const candidate = workspace as Partial<Workspace>;
  return typeof candidate.exec === 'function' && typeof candidate.writeFile === 'function';
}
