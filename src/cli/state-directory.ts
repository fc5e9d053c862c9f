/**
 * T7: where the runner keeps its sessions and task board by default — outside the workspace.
 * The workspace may be a cloned repository, and a session file inside it (with `approval: auto`,
 * a verify command, allow-all rules) would travel with the repository to whoever runs it next.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import * as path from 'node:path';

export function stateRoot(): string {
  if (process.env.HARNESS_STATE_DIR) return process.env.HARNESS_STATE_DIR;
  return path.join(process.env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state'), 'harness-playground');
}

/** One folder per workspace, named so a person can tell which: `<folder name>-<hash of the path>`. */
export function workspaceStateDirectory(workspaceRoot: string): string {
  const hash = createHash('sha256').update(path.resolve(workspaceRoot)).digest('hex').slice(0, 10);
  const name =
    path
      .basename(workspaceRoot)
      .replace(/[^\w.-]/g, '_')
      .slice(0, 40) || 'workspace';
  return path.join(stateRoot(), 'workspaces', `${name}-${hash}`);
}
