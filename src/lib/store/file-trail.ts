/**
 * U3, W6: the files of a run at its start and after each step that changed them, so an exported
 * session replays with each step's files. Bounded whatever the model does: the first snapshot and
 * the newest ones are kept, and a workspace too large to carry is not copied at all (the reason
 * is kept instead, for the person to read).
 */
import type { ReadonlyWorkspace } from '../harness/ports';
import { listFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';

export interface Snapshot {
  /** History items when the files were taken. */
  step: number;
  files: FileMap;
}

/** Snapshots kept per session: the first and the newest this many (the stores' `pruneSnapshots` rule). */
export const snapshotsKept = 20;

export const fileTrailLimits = { kept: snapshotsKept, files: 10_000, bytes: 32 * 1024 * 1024 };

export class FileTrail {
  private readonly kept: Snapshot[] = [];
  /** Why the files are not carried (set once the workspace proved too large). */
  tooLarge: string | undefined;

  constructor(
    private readonly workspace: ReadonlyWorkspace,
    private readonly limits = fileTrailLimits,
  ) {}

  /** Takes the files now, as the state after `step` history items. */
  async take(step: number): Promise<void> {
    const files = await this.files();
    if (!files) return;
    this.kept.push({ step, files });
    if (this.kept.length > this.limits.kept + 1) this.kept.splice(1, 1);
  }

  /** The snapshots taken before `items` history items (the end's files travel on their own). */
  before(items: number): Snapshot[] {
    return this.tooLarge ? [] : this.kept.filter((snapshot) => snapshot.step < items);
  }

  /** All files, or undefined once the workspace is over the limits. */
  async files(): Promise<FileMap | undefined> {
    if (this.tooLarge) return undefined;
    const paths = await listFiles(this.workspace);
    if (paths.length > this.limits.files) {
      this.tooLarge = `${paths.length} files, more than ${this.limits.files}`;
      return undefined;
    }
    const files: FileMap = {};
    let bytes = 0;
    for (const path of paths) {
      files[path] = await this.workspace.readFile(path);
      bytes += files[path].length;
      if (bytes > this.limits.bytes) {
        const limit = this.limits.bytes;
        const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
        this.tooLarge = `more than ${size} of text`;
        return undefined;
      }
    }
    return files;
  }
}
