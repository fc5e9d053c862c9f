/**
 * W1, W6 in the page: the current session's workspace (offline shell or WebContainer), its file
 * list, checkpoints and the editor's and terminal's access to it. Made per session by the factory.
 */
import type { ExecResult, Workspace } from '../harness/workspace-types';
import type { AnyTool } from '../harness/tools/tool-definition';
import type { Checkpoint, CheckpointDiff, Checkpoints } from '../workspace/git/checkpoints';
import { collectFiles, listFiles, restoreFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';
import { WorkspaceFactory } from './workspace-factory.svelte';
import type { SessionStore } from '../harness/ports';
import { hasSnapshots } from '../store/store-capabilities';
import { checkpointLabel, filesKey, modelStepsIn } from './checkpoint-plan';

export class WorkspaceState {
  readonly factory = new WorkspaceFactory();
  files = $state.raw<string[]>([]);
  /** Bumped whenever files may have changed, so that open editors can reload. */
  filesVersion = $state(0);
  checkpoints = $state.raw<Checkpoint[]>([]);
  /** A problem with the files (listing, checkpoints) to show beside them. */
  problem = $state<string | undefined>(undefined);
  private workspace: Workspace | undefined;
  private checkpointStore: Checkpoints | undefined;
  private gitToolset: AnyTool[] = [];
  /** The files of the newest checkpoint this page made (checkpoint-plan.ts: only a change makes one). */
  private lastKey: string | undefined;

  get current(): Workspace {
    if (!this.workspace) throw new Error('the workspace is still loading');
    return this.workspace;
  }

  get ready(): boolean {
    return this.workspace !== undefined;
  }

  get tools(): AnyTool[] {
    return this.gitToolset;
  }

  /** A fresh workspace with exactly these files (the previous session's shell is stopped). */
  async make(files: FileMap): Promise<void> {
    const made = await this.factory.make(files);
    this.workspace = made.workspace;
    this.checkpointStore = made.checkpoints;
    this.gitToolset = made.tools;
    this.checkpoints = [];
    this.lastKey = undefined;
    await this.refreshFiles();
  }

  async replaceFiles(files: FileMap): Promise<void> {
    await restoreFiles(this.current, files, { exact: true });
    await this.refreshFiles();
  }

  async refreshFiles(): Promise<void> {
    if (!this.workspace) return;
    try {
      this.files = (await listFiles(this.workspace)).sort();
      this.problem = undefined;
    } catch (error) {
      this.problem = `The files could not be listed: ${(error as Error).message}`;
    }
    this.filesVersion++;
  }

  collect(): Promise<FileMap> {
    return collectFiles(this.current);
  }

  readFile(path: string): Promise<string> {
    return this.current.readFile(path);
  }

  async writeFile(path: string, content: string): Promise<void> {
    await this.current.writeFile(path, content);
    await this.refreshFiles();
  }

  async createFile(path: string): Promise<void> {
    if (await this.current.stat(path)) throw new Error(`"${path}" already exists`);
    const slash = path.lastIndexOf('/');
    if (slash > 0) await this.current.mkdir(path.slice(0, slash));
    await this.writeFile(path, '');
  }

  async renameFile(from: string, to: string): Promise<void> {
    if (await this.current.stat(to)) throw new Error(`"${to}" already exists`);
    await this.current.rename(from, to);
    await this.refreshFiles();
  }

  async deleteFile(path: string): Promise<void> {
    await this.current.remove(path);
    await this.refreshFiles();
  }

  exec(command: string, signal?: AbortSignal): Promise<ExecResult> {
    return this.current.exec(command, { signal, timeoutMs: 60_000 });
  }

  async refreshCheckpoints(sessionId: string | undefined): Promise<void> {
    if (!sessionId || !this.checkpointStore) {
      this.checkpoints = [];
      return;
    }
    try {
      this.checkpoints = await this.checkpointStore.list(sessionId);
    } catch (error) {
      this.problem = `Checkpoints could not be listed: ${(error as Error).message}`;
    }
  }

  /**
   * W6: a reopened session's checkpoints. The workspace (and its repository) is made afresh from
   * the newest snapshot, so the session's checkpoints are made again from its stored snapshots —
   * the baseline and the newest 20 — with their own times; they last as long as the session.
   * Called when the Checkpoints pane is shown, not on every open: making them creates the
   * repository, which the next prompt's repository context would show (a fork must resend its
   * parent's prompt exactly).
   */
  async reopenCheckpoints(session: { id: string; history: { kind: string }[] }, store: SessionStore): Promise<void> {
    const sessionId = session.id;
    if (this.checkpointStore && hasSnapshots(store) && session.history.length > 0)
      try {
        if ((await this.checkpointStore.list(sessionId)).length === 0) {
          let previous: string | undefined;
          for (const info of await store.listSnapshots(sessionId)) {
            const snapshot = await store.snapshotAt(sessionId, info.step);
            // The end of a run is often the files of its last changing step: one checkpoint, not two.
            const key = snapshot && filesKey(snapshot.files);
            if (!snapshot || key === previous) continue;
            // A snapshot is keyed by history length; a checkpoint is named by the model step it follows.
            const label = checkpointLabel(previous === undefined, modelStepsIn(session.history, info.step));
            previous = key;
            await this.checkpointStore.create(sessionId, info.step, label, snapshot.files, info.at);
          }
          this.lastKey = previous;
        }
      } catch (error) {
        this.problem = `Checkpoints could not be made from the stored snapshots: ${(error as Error).message}`;
      }
    await this.refreshCheckpoints(sessionId);
  }

  /** W6: one read of the files serves both the session's snapshot and the checkpoint. */
  async keep(
    session: { id: string; history: readonly { kind: string }[] },
    snapshots: { saveFiles(sessionId: string, step: number, files: FileMap): Promise<void> },
  ): Promise<void> {
    const files = await this.collect();
    await snapshots.saveFiles(session.id, session.history.length, files);
    await this.checkpointChange(session.id, modelStepsIn(session.history), files);
  }

  /**
   * W6 in a live run: a checkpoint of these files after `step` model steps, unless they are the
   * files of the newest checkpoint (the same rule as a reopened session's, checkpoint-plan.ts).
   */
  async checkpointChange(sessionId: string, step: number, files: FileMap): Promise<void> {
    if (!this.checkpointStore) return;
    const key = filesKey(files);
    if (key === this.lastKey) return;
    const first = this.lastKey === undefined && (await this.checkpointStore.list(sessionId)).length === 0;
    await this.checkpointStore.create(sessionId, step, checkpointLabel(first, step), files);
    this.lastKey = key;
    await this.refreshCheckpoints(sessionId);
  }

  diffCheckpoints(from: string, to: string): Promise<CheckpointDiff[]> {
    return this.checkpointStore ? this.checkpointStore.diff(from, to) : Promise.resolve([]);
  }

  /** Restores a checkpoint; the current files are checkpointed first, so this can be undone. */
  async restoreCheckpoint(sessionId: string, oid: string, step: number): Promise<void> {
    if (!this.checkpointStore) return;
    await this.checkpointStore.restore(sessionId, oid, step);
    this.lastKey = undefined; // the files are the restored ones: the next change is compared with the list
    await Promise.all([this.refreshCheckpoints(sessionId), this.refreshFiles()]);
  }
}
