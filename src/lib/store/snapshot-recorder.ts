/**
 * W6: keeps the workspace files with the session, so that resume restores them on any backend.
 * Wire `afterStep` into the agent's hook of the same name (awaited before the next step, so a
 * finished step's files are durable), and feed events to `observe` for the end of each run.
 */
import type { HarnessEvent } from '../harness/events';
import type { ReadonlyWorkspace } from '../harness/ports';
import { collectFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';

export interface SnapshotStore {
  saveSnapshot(sessionId: string, step: number, files: FileMap): Promise<void>;
}

const changing = new Set(['write_file', 'patch_file', 'run_shell']);

export class SnapshotRecorder {
  private dirty = false;
  /** Items in the history so far: snapshots are keyed by it, so later ones sort last. */
  private position = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      store: SnapshotStore;
      workspace: ReadonlyWorkspace;
      sessionId: string;
      onError?: (message: string) => void;
    },
  ) {}

  /** Feed every event of the session's runs here. */
  observe(event: HarnessEvent): void {
    if (event.sessionId !== this.options.sessionId) return;
    if (event.type === 'history.appended') this.position = event.item.seq + 1;
    if (event.type === 'tool.finished' && changing.has(event.tool)) this.dirty = true;
    if (event.type === 'run.finished' && this.dirty) void this.take(this.position);
  }

  /** For the agent's `afterStep` hook: resolves once the files of this step are stored. */
  async afterStep(info: { changedFiles: boolean }, files?: FileMap): Promise<void> {
    if (info.changedFiles || this.dirty) await this.take(this.position, files);
  }

  /** Resolves when every snapshot asked for so far is stored (or has failed and been reported). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** `files`, when the caller already read them; read here otherwise. */
  take(position: number, files?: FileMap): Promise<void> {
    this.dirty = false;
    this.queue = this.queue.then(async () => {
      try {
        await this.options.store.saveSnapshot(
          this.options.sessionId,
          position,
          files ?? (await collectFiles(this.options.workspace)),
        );
      } catch (error) {
        this.options.onError?.(`could not keep the workspace files: ${(error as Error).message}`);
      }
    });
    return this.queue;
  }
}
