/**
 * W3 on a real directory, with no window between check and use: every component of a path is
 * looked at (a link anywhere must lead inside the root, also when it dangles or chains), files
 * are opened with O_NOFOLLOW, and what was opened is checked again through /proc/self/fd — so a
 * link swapped in after the check is caught at the descriptor, before a byte is read or written.
 * New files are created exclusively, so a refused write never truncated anything outside.
 */
import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { WorkspaceError } from '../../harness/workspace-error';
import { isInside, relativeSegments } from '../workspace-paths';

const maxLinkHops = 40;
const procFd = process.platform === 'linux';

export function ioError(path: string, error: unknown): WorkspaceError {
  if (error instanceof WorkspaceError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new WorkspaceError('not_found', path, `nothing at "${path}"`);
  if (code === 'EISDIR') return new WorkspaceError('not_a_file', path, `"${path}" is a folder`);
  if (code === 'ENOTDIR') return new WorkspaceError('not_a_directory', path, `"${path}" is not a folder`);
  if (code === 'ELOOP')
    return new WorkspaceError('outside_root', path, `"${path}" is a link; links are not followed for this operation`);
  return new WorkspaceError('io', path, `${code ?? 'error'} on "${path}": ${(error as Error).message}`);
}

function outside(path: string, via: string): WorkspaceError {
  return new WorkspaceError('outside_root', path, `path "${path}" leaves the workspace root through the link "${via}"`);
}

/** An open folder checked to be inside the root; `at(name)` reaches a name inside it through the handle. */
export interface HeldDirectory {
  handle: FileHandle;
  /** Its real path when it was checked. */
  real: string;
  at(name: string): string;
}

export class LinkSafeFs {
  constructor(readonly root: string) {}

  /**
   * The absolute path of `path` with every link inside it resolved, checked hop by hop. With
   * `followLast` false the last component is left as it is (a link there is the thing itself).
   */
  async resolve(path: string, followLast = true): Promise<string> {
    const pending = relativeSegments(path);
    let current = this.root;
    let hops = 0;
    while (pending.length > 0) {
      const name = pending.shift()!;
      const next = nodePath.join(current, name);
      const last = pending.length === 0;
      let stat;
      try {
        stat = await fs.lstat(next);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw ioError(path, error);
        // Nothing there yet: the rest is created inside `current`, which is inside.
        return nodePath.join(next, ...pending);
      }
      if (!stat.isSymbolicLink() || (last && !followLast)) {
        current = next;
        continue;
      }
      if (++hops > maxLinkHops) throw new WorkspaceError('outside_root', path, `path "${path}" has too many links`);
      const target = nodePath.resolve(current, await fs.readlink(next));
      if (!isInside(this.root, target)) throw outside(path, nodePath.relative(this.root, next));
      // Continue from the link's target, component by component (chains and dangling links too).
      pending.unshift(...nodePath.relative(this.root, target).split(nodePath.sep).filter(Boolean));
      current = this.root;
    }
    return current;
  }

  /** The real path behind an open descriptor must be inside the root (catches swaps after the check). */
  private async verify(handle: FileHandle, path: string, absolute: string): Promise<string> {
    let real: string;
    if (procFd) real = await fs.readlink(`/proc/self/fd/${handle.fd}`);
    else {
      const [opened, now] = await Promise.all([handle.stat(), fs.stat(absolute)]);
      if (opened.ino !== now.ino || opened.dev !== now.dev)
        throw new WorkspaceError('outside_root', path, `"${path}" changed while it was being opened`);
      real = await fs.realpath(absolute);
    }
    if (!isInside(this.root, real))
      throw new WorkspaceError(
        'outside_root',
        path,
        `path "${path}" led outside the workspace root (a link changed while it was opened)`,
      );
    return real;
  }

  async readText(path: string, maxBytes: number): Promise<string> {
    const absolute = await this.resolve(path);
    let handle: FileHandle;
    try {
      handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      throw ioError(path, error);
    }
    try {
      await this.verify(handle, path, absolute);
      const stat = await handle.stat();
      if (!stat.isFile()) throw new WorkspaceError('not_a_file', path, `"${path}" is not a file`);
      if (stat.size > maxBytes)
        throw new WorkspaceError(
          'too_large',
          path,
          `"${path}" is ${stat.size} bytes; files over ${maxBytes} are not read`,
        );
      return await handle.readFile('utf8');
    } catch (error) {
      throw ioError(path, error);
    } finally {
      await handle.close();
    }
  }

  /**
   * A held, checked handle on the folder at `path` (created first when `create`). Names inside it
   * are then reached through the handle (`at`), never through the path again, so a folder swapped
   * for a link after the check cannot redirect a create, a listing or a stat (Linux: the
   * /proc/self/fd link of an open folder resolves to that folder, as openat would).
   */
  async openDirectory(path: string, create = false): Promise<HeldDirectory> {
    if (!create) return this.hold(path, await this.resolve(path));
    // Created one folder at a time, each inside the one held before it.
    const segments = relativeSegments(path);
    let parent = await this.hold(path, this.root);
    try {
      for (const [index, name] of segments.entries()) {
        const next = parent.at(name);
        try {
          await fs.mkdir(next);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError(path, error);
        }
        const prefix = segments.slice(0, index + 1).join('/');
        const stat = await fs.lstat(next).catch((error: unknown) => Promise.reject(ioError(path, error)));
        // A link that stays inside may be followed; resolve() checks each hop.
        const child = stat.isSymbolicLink() ? await this.resolve(prefix) : next;
        if (!stat.isSymbolicLink() && !stat.isDirectory())
          throw new WorkspaceError('not_a_directory', path, `"${prefix}" is not a folder`);
        const held = await this.hold(prefix, child);
        await parent.handle.close();
        parent = held;
      }
      return parent;
    } catch (error) {
      await parent.handle.close();
      throw error;
    }
  }

  private async hold(path: string, absolute: string): Promise<HeldDirectory> {
    let handle: FileHandle;
    try {
      handle = await fs.open(absolute, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP')
        throw new WorkspaceError('outside_root', path, `"${path}" changed into a link while it was opened`);
      if (code === 'ENOTDIR') throw new WorkspaceError('not_a_directory', path, `"${path}" is not a folder`);
      throw ioError(path, error);
    }
    let real: string;
    try {
      real = await this.verify(handle, path, absolute);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const held = procFd ? `/proc/self/fd/${handle.fd}` : absolute;
    return { handle, real, at: (name) => (name ? nodePath.join(held, name) : held) };
  }

  /**
   * stat() of what `path` names (links inside followed), looked at through its own checked
   * descriptor, so a link swapped in after the check never yields an outside file's metadata.
   */
  async statChecked(path: string): Promise<import('node:fs').Stats> {
    const absolute = await this.resolve(path);
    let handle: FileHandle;
    try {
      handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP')
        throw new WorkspaceError('outside_root', path, `"${path}" changed into a link while it was looked at`);
      // A file this process may not open (no read permission) is still inside: resolve() checked it.
      if (code === 'EACCES') return fs.stat(absolute);
      throw error;
    }
    try {
      await this.verify(handle, path, absolute);
      return await handle.stat();
    } finally {
      await handle.close();
    }
  }

  /** Creates missing folders one at a time; each must be a real folder inside the root. */
  async ensureDirectory(path: string): Promise<string> {
    const directory = await this.openDirectory(path, true);
    await directory.handle.close();
    return directory.real;
  }

  /**
   * Writes a whole file. A link as the file itself is refused (write to its target's path), a
   * file with other hard links is refused (the other names could be outside), and the opened
   * descriptor is checked before anything is truncated or written.
   */
  async writeText(path: string, content: string): Promise<void> {
    const segments = relativeSegments(path);
    if (segments.length === 0) throw new WorkspaceError('not_a_file', path, 'cannot write to the workspace root');
    const directory = await this.openDirectory(segments.slice(0, -1).join('/') || '.', true);
    try {
      await this.writeIn(directory.at(segments.at(-1)!), path, content);
    } finally {
      await directory.handle.close();
    }
  }

  /** Writes `absolute` (a name inside a held folder); see writeText. */
  private async writeIn(absolute: string, path: string, content: string): Promise<void> {
    let handle: FileHandle;
    let created = false;
    try {
      handle = await fs.open(
        absolute,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o644,
      );
      created = true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw ioError(path, error);
      try {
        handle = await fs.open(absolute, constants.O_WRONLY | constants.O_NOFOLLOW);
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'ELOOP')
          throw new WorkspaceError('outside_root', path, `"${path}" is a link; write to the file it points at instead`);
        throw ioError(path, inner);
      }
    }
    try {
      try {
        await this.verify(handle, path, absolute);
      } catch (error) {
        if (created) await fs.unlink(absolute).catch(() => undefined);
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) throw new WorkspaceError('not_a_file', path, `"${path}" is not a regular file`);
      if (stat.nlink > 1)
        throw new WorkspaceError(
          'io',
          path,
          `"${path}" has ${stat.nlink} hard links; writing it would change the ` +
            `other names too (they may be outside the workspace), so it is refused`,
        );
      await handle.truncate(0);
      await handle.writeFile(content, 'utf8');
    } catch (error) {
      throw ioError(path, error);
    } finally {
      await handle.close();
    }
  }
}
