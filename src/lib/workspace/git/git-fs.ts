/**
 * The filesystem shape isomorphic-git needs (node's `fs.promises` subset), over a workspace
 * backend's own files: just-bash's virtual filesystem here, node:fs for real directories. Git
 * objects are binary, which the text-only Workspace port cannot carry; each backend therefore
 * offers this through `GitCapable` (see workspace-capabilities.ts).
 */
import type { IFileSystem } from 'just-bash';

export interface GitStat {
  type: 'file' | 'dir' | 'symlink';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface GitFs {
  promises: {
    readFile(path: string, options?: { encoding?: string } | string): Promise<Uint8Array | string>;
    writeFile(path: string, data: Uint8Array | string, options?: unknown): Promise<void>;
    unlink(path: string): Promise<void>;
    readdir(path: string): Promise<string[]>;
    mkdir(path: string, options?: unknown): Promise<void>;
    rmdir(path: string): Promise<void>;
    stat(path: string): Promise<GitStat>;
    lstat(path: string): Promise<GitStat>;
    readlink(path: string): Promise<string>;
    symlink(target: string, path: string): Promise<void>;
    chmod(path: string, mode: number): Promise<void>;
  };
}

/** A stat's data without its methods: what crosses a postMessage, and what adapters fill in. */
export type PlainGitStat = Omit<GitStat, 'isFile' | 'isDirectory' | 'isSymbolicLink'>;

/** Adds the three methods isomorphic-git calls, from `type`. */
export function withStatMethods(plain: PlainGitStat): GitStat {
  return {
    ...plain,
    isFile: () => plain.type === 'file',
    isDirectory: () => plain.type === 'dir',
    isSymbolicLink: () => plain.type === 'symlink',
  };
}

/** A stable stand-in inode from a path (the virtual filesystems have none to give git). */
export function pathInode(path: string): number {
  let ino = 0;
  for (let index = 0; index < path.length; index++) ino = (ino * 31 + path.charCodeAt(index)) >>> 0;
  return ino;
}

/** just-bash errors carry the errno only in their message ("ENOENT: …"); git wants `.code`. */
function withCode(error: unknown): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  const code = /^(E[A-Z]+)\b/.exec(failure.message)?.[1];
  if (code && !(failure as NodeJS.ErrnoException).code) (failure as NodeJS.ErrnoException).code = code;
  return failure;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw withCode(error);
  }
}

export function gitFsOverVirtual(fs: IFileSystem): GitFs {
  const toStat = (
    stat: { isFile: boolean; isDirectory: boolean; isSymbolicLink: boolean; mode: number; size: number; mtime: Date },
    path: string,
  ): GitStat => {
    const type = stat.isSymbolicLink ? 'symlink' : stat.isDirectory ? 'dir' : 'file';
    return withStatMethods({
      type,
      mode: stat.mode,
      size: stat.size,
      ino: pathInode(path),
      mtimeMs: stat.mtime.getTime(),
      ctimeMs: stat.mtime.getTime(),
      uid: 1,
      gid: 1,
      dev: 1,
    });
  };
  return {
    promises: {
      readFile: (path, options) =>
        guarded(async () => {
          const encoding = typeof options === 'string' ? options : options?.encoding;
          return encoding ? fs.readFile(path) : fs.readFileBuffer(path);
        }),
      writeFile: (path, data) => guarded(() => fs.writeFile(path, data)),
      unlink: (path) =>
        guarded(async () => {
          await fs.stat(path);
          await fs.rm(path);
        }),
      readdir: (path) => guarded(() => fs.readdir(path)),
      mkdir: (path) => guarded(() => fs.mkdir(path)),
      rmdir: (path) => guarded(() => fs.rm(path, { recursive: true })),
      stat: (path) => guarded(async () => toStat(await fs.stat(path), path)),
      lstat: (path) => guarded(async () => toStat(await fs.lstat(path), path)),
      readlink: (path) => guarded(() => fs.readlink(path)),
      symlink: (target, path) => guarded(() => fs.symlink(target, path)),
      chmod: (path, mode) => guarded(() => fs.chmod(path, mode)),
    },
  };
}
