/**
 * W1 in the page: which backend new sessions get, and making a session's workspace with its git
 * tools and checkpoints. WebContainer boots in the background (offline it never starts); until
 * then, and when it cannot, sessions use the offline shell, and the reason is shown.
 */
import type { Workspace } from '../harness/ports';
import type { AnyTool } from '../harness/tools/tool-definition';
import type { Checkpoints } from '../workspace/git/checkpoints';
import type { WebContainerWorkspace } from '../workspace/webcontainer/webcontainer-workspace';
import type { WorkspaceChoice } from '../workspace/webcontainer/choose-workspace';
import { restoreFiles } from '../workspace/workspace-files';
import type { GitCapable } from '../workspace/workspace-capabilities';
import type { FileMap } from '../workspace/workspace-files';

export interface MadeWorkspace {
  workspace: Workspace;
  checkpoints?: Checkpoints;
  tools: AnyTool[];
}

const offlineLabel = 'Offline shell (just-bash in a worker of this tab)';

export class WorkspaceFactory {
  backend = $state({ label: offlineLabel, reason: '' });
  previewUrl = $state<string | undefined>(undefined);
  private container: WebContainerWorkspace | undefined;
  /** The last session's shell worker, stopped when the next session gets its own. */
  private previous: { dispose(): void } | undefined;

  start(choice: WorkspaceChoice): void {
    if (choice === 'offline') {
      this.backend = { label: offlineLabel, reason: 'chosen in Settings' };
      return;
    }
    this.backend = {
      label: offlineLabel,
      reason: 'trying WebContainer in the background; new sessions will use it if it starts',
    };
    void (async () => {
      const [{ chooseWorkspace }, { WebContainerWorkspace: Adapter }] = await Promise.all([
        import('../workspace/webcontainer/choose-workspace'),
        import('../workspace/webcontainer/webcontainer-workspace'),
      ]);
      const chosen = await chooseWorkspace(choice, {
        timeoutMs: 10_000,
        coep: 'credentialless',
        isolated: globalThis.crossOriginIsolated === true,
        boot: async (options) => (await import('@webcontainer/api')).WebContainer.boot(options),
      });
      if (chosen.backend === 'webcontainer') {
        this.container = new Adapter(chosen.container, { onServerReady: (_port, url) => (this.previewUrl = url) });
        this.backend = { label: 'WebContainer (Node.js, npm, jsh in this tab)', reason: chosen.reason };
      } else this.backend = { label: offlineLabel, reason: chosen.reason };
    })().catch((error: Error) => {
      this.backend = { label: offlineLabel, reason: `WebContainer could not be tried: ${error.message}` };
    });
  }

  /** The shell, git and QuickJS load on demand, so that the entry chunk stays small. */
  async make(files: FileMap = {}): Promise<MadeWorkspace> {
    const [{ Checkpoints: CheckpointStore }, { gitTools }] = await Promise.all([
      import('../workspace/git/checkpoints'),
      import('../workspace/git/git-tools'),
    ]);
    if (this.container) {
      // One WebContainer per page: a session gets it with exactly its own files.
      await restoreFiles(this.container, files, { exact: true });
      const { fs, dir } = this.container.gitFs();
      return {
        workspace: this.container,
        checkpoints: new CheckpointStore(fs, dir, this.container),
        tools: gitTools({ fs, dir, workspace: this.container }),
      };
    }
    this.previous?.dispose();
    let workspace: Workspace & GitCapable;
    if (typeof Worker === 'function') {
      // The shell runs in a Web Worker: a busy command never freezes the page.
      const { WorkerWorkspace } = await import('../workspace/offline-worker/worker-workspace');
      const worker = await WorkerWorkspace.create(files);
      this.previous = worker;
      workspace = worker;
    } else {
      const { MemoryWorkspace } = await import('../workspace/memory-workspace');
      workspace = new MemoryWorkspace({ files });
    }
    const { fs, dir } = workspace.gitFs();
    return { workspace, checkpoints: new CheckpointStore(fs, dir, workspace), tools: gitTools({ fs, dir, workspace }) };
  }
}
