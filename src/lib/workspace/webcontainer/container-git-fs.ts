/**
 * isomorphic-git's fs over the WebContainer fs API, which has bytes but no stat: a path's kind
 * comes from its parent's listing. mtime is "now", so git re-hashes files to see changes (a
 * constant one would hide same-size edits); correct, if slower.
 */
import type { GitFs, GitStat } from '../git/git-fs';
import { pathInode, withStatMethods } from '../git/git-fs';
import type { ContainerApi } from './container-api';

function errno(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: no such file or directory, '${path}'`), { code });
}

export function gitFsOverContainer(container: ContainerApi): GitFs {
  const fs = container.fs;
  const relative = (path: string) => path.replace(new RegExp(`^${container.workdir}/?`), '') || '.';
  const wrap = async <T>(path: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const message = (error as Error).message ?? '';
      throw Object.assign(error as Error, {
        code: /ENOENT|no such file/i.test(message)
          ? 'ENOENT'
          : /EEXIST/.test(message)
            ? 'EEXIST'
            : /ENOTDIR/.test(message)
              ? 'ENOTDIR'
              : undefined,
        path,
      });
    }
  };
  const stat = async (path: string): Promise<GitStat> => {
    const target = relative(path);
    const parts = target === '.' ? [] : target.split('/');
    let type: GitStat['type'] = 'dir';
    let size = 0;
    if (parts.length) {
      const parent = parts.slice(0, -1).join('/') || '.';
      const entries = await fs.readdir(parent, { withFileTypes: true }).catch(() => []);
      const entry = entries.find((candidate) => candidate.name === parts[parts.length - 1]);
      if (!entry) throw errno('ENOENT', path);
      type = entry.isDirectory() ? 'dir' : 'file';
      if (type === 'file') size = (await fs.readFile(target)).byteLength;
    }
    const ino = pathInode(target);
    const now = Date.now();
    return withStatMethods({
      type,
      mode: type === 'dir' ? 0o40755 : 0o100644,
      size,
      ino,
      mtimeMs: now,
      ctimeMs: now,
      uid: 1,
      gid: 1,
      dev: 1,
    });
  };
  return {
    promises: {
      readFile: (path, options) =>
        wrap(path, async () =>
          (typeof options === 'string' ? options : options?.encoding)
            ? fs.readFile(relative(path), 'utf-8')
            : fs.readFile(relative(path)),
        ),
      writeFile: (path, data) => wrap(path, () => fs.writeFile(relative(path), data)),
      unlink: (path) => wrap(path, async () => (await stat(path), fs.rm(relative(path)))),
      readdir: (path) =>
        wrap(path, async () => (await fs.readdir(relative(path), { withFileTypes: true })).map((entry) => entry.name)),
      mkdir: (path) =>
        wrap(path, async () => {
          if (
            await stat(path).then(
              () => true,
              () => false,
            )
          )
            throw errno('EEXIST', path);
          await fs.mkdir(relative(path), { recursive: true });
        }),
      rmdir: (path) => wrap(path, () => fs.rm(relative(path), { recursive: true })),
      stat,
      lstat: stat,
      readlink: async (path) => Promise.reject(errno('EINVAL', path)),
      symlink: async (_target, path) =>
        Promise.reject(
          Object.assign(new Error(`symlinks are not supported by the WebContainer fs API ('${path}')`), {
            code: 'ENOSYS',
          }),
        ),
      chmod: async () => undefined,
    },
  };
}
