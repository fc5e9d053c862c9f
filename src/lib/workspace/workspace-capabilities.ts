/** Extra abilities some workspace backends have beyond the Workspace port. */
import type { ReadonlyWorkspace } from '../harness/ports';
import type { GitFs } from './git/git-fs';

/** A backend whose files isomorphic-git can work on directly (binary objects included). */
export interface GitCapable {
  gitFs(): { fs: GitFs; dir: string };
}

export function isGitCapable(workspace: ReadonlyWorkspace): workspace is ReadonlyWorkspace & GitCapable {
  return typeof (workspace as Partial<GitCapable>).gitFs === 'function';
}
