/**
 * What a program in the offline node writes, removes and creates, held in the host until it ends
 * and then applied to the shell's files. Bounded whatever the program does (W2, T3): the bytes of
 * content and of names, the number of files and folders, the length of a name, and only inside
 * the root. Each operation answers with an error text (`CODE: message`, thrown in the guest as
 * Node's fs would) or undefined.
 */
import { normalizeAbsolute } from '../workspace-paths';

export interface FileChanges {
  files: Map<string, string | null>;
  dirs: Set<string>;
}

/** What one run may write through `fs`. */
export const writeLimits = { files: 10_000, bytes: 64 * 1024 * 1024, pathChars: 4096 };

export class GuestFiles {
  readonly changes: FileChanges = { files: new Map(), dirs: new Set() };
  /** Bytes held: content, and the name of every file created (100 files with 20 MB names are 2 GB). */
  private held = 0;

  constructor(
    /** The program's own view of the files: its writes are visible to its later reads. */
    readonly files: Map<string, string>,
    private readonly root: string,
  ) {}

  write(path: string, text: string, append: boolean): string | undefined {
    const target = normalizeAbsolute(path);
    const refused = this.refuse(target);
    if (refused) return refused;
    const value = (append ? (this.files.get(target) ?? '') : '') + text;
    const known = this.changes.files.has(target);
    const before = known ? (this.changes.files.get(target) ?? '').length : -target.length;
    if (
      this.held - before + value.length > writeLimits.bytes ||
      (!known && this.changes.files.size >= writeLimits.files)
    )
      return (
        `ENOSPC: no space left: the offline shell's node writes at most ${writeLimits.files} files ` +
        `and ${writeLimits.bytes / 1024 / 1024} MB per run`
      );
    this.held += value.length - before;
    this.files.set(target, value);
    this.changes.files.set(target, value);
    return undefined;
  }

  remove(path: string): string | undefined {
    const target = normalizeAbsolute(path);
    const refused = this.refuse(target);
    if (refused) return refused;
    this.files.delete(target);
    if (!this.changes.files.has(target) && this.changes.files.size >= writeLimits.files)
      return `ENOSPC: the offline shell's node changes at most ${writeLimits.files} files per run`;
    this.changes.files.set(target, null);
    return undefined;
  }

  mkdir(path: string): string | undefined {
    const target = normalizeAbsolute(path);
    if (target.length > writeLimits.pathChars) return this.tooLong(target);
    if (this.inside(target) && (this.changes.dirs.has(target) || this.changes.dirs.size < writeLimits.files))
      this.changes.dirs.add(target);
    return undefined;
  }

  private inside(path: string): boolean {
    return this.root === '/' || path === this.root || path.startsWith(`${this.root}/`);
  }

  private refuse(target: string): string | undefined {
    if (target.length > writeLimits.pathChars) return this.tooLong(target);
    if (!this.inside(target))
      return `EACCES: permission denied: the offline shell's node writes only inside ${this.root}`;
    return undefined;
  }

  private tooLong(path: string): string {
    return `ENAMETOOLONG: name too long (${path.length} characters; at most ${writeLimits.pathChars})`;
  }
}
