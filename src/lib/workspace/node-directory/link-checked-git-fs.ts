/**
 * W3 for git on a real directory: isomorphic-git gets node:fs only through the workspace's
 * link-checked layer. Every path must lie inside the root and every link on it must stay
 * inside, so a `.git` that is a link to another repository, or a `gitdir:` file pointing at one,
 * can neither be read (its HEAD reaching the model) nor written (checkpoints in someone else's
 * repository).
 */
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { WorkspaceError } from '../../harness/workspace-error';
import type { GitFs, GitStat } from '../git/git-fs';
import type { LinkSafeFs } from './link-safe-fs';

export function linkCheckedGitFs(safe: LinkSafeFs): GitFs {
  /** The checked absolute path; with `followLast` false a link there is the thing itself. */
  const checked = async (path: string, followLast = true): Promise<string> => {
    const relative = nodePath.relative(safe.root, nodePath.resolve(safe.root, path));
    if (relative.startsWith('..') || nodePath.isAbsolute(relative))
      throw new WorkspaceError('outside_root', path, `git may not reach "${path}": it is outside the workspace`);
    return safe.resolve(relative || '.', followLast);
  };
  const promises: GitFs['promises'] = {
    readFile: async (path, options) =>
      fs.readFile(await checked(path), options as Parameters<typeof fs.readFile>[1]) as Promise<Uint8Array | string>,
    writeFile: async (path, data, options) =>
      fs.writeFile(await checked(path), data, options as Parameters<typeof fs.writeFile>[2]),
    unlink: async (path) => fs.unlink(await checked(path, false)),
    readdir: async (path) => fs.readdir(await checked(path)),
    mkdir: async (path, options) => void (await fs.mkdir(await checked(path), options as { recursive?: boolean })),
    rmdir: async (path) => fs.rmdir(await checked(path, false)),
    stat: async (path) => (await fs.stat(await checked(path))) as unknown as GitStat,
    lstat: async (path) => (await fs.lstat(await checked(path, false))) as unknown as GitStat,
    readlink: async (path) => fs.readlink(await checked(path, false)),
    // A link git writes (a symlink in a checkout) is a link's text; where it points is checked on use.
    symlink: async (target, path) => fs.symlink(target, await checked(path, false)),
    chmod: async (path, mode) => fs.chmod(await checked(path), mode),
  };
  return { promises };
}
