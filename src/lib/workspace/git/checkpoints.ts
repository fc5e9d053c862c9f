/**
 * Checkpoints: after a step that changed files, a commit of the whole worktree on a
 * ref of the harness's own, `refs/harness/checkpoints/<session>`, never on the user's branch
 * or index. List, diff any two, restore one; a restore first checkpoints the current state, so
 * it can itself be undone. Cost is per file of the worktree, not per earlier checkpoint.
 */
import './buffer-global';
import git from 'isomorphic-git';
import type { Workspace } from '../../harness/ports';
import { unifiedDiff } from '../../harness/tools/unified-diff';
import { collectFiles, restoreFiles } from '../workspace-files';
import type { FileMap } from '../workspace-files';
import { GitRepository, agentAuthor } from './git-repository';
import type { GitFs } from './git-fs';

export interface Checkpoint {
  oid: string;
  step: number;
  label: string;
  at: number;
}

export interface CheckpointDiff {
  path: string;
  change: 'added' | 'removed' | 'modified';
  diff: string;
}

type TreeEntry = { mode: string; path: string; oid: string; type: 'blob' | 'tree' };

export class Checkpoints {
  /** Unchanged files keep their blob: hashing and compressing every file each time dominated. */
  private readonly blobs = new Map<string, string>();

  constructor(
    private readonly fs: GitFs,
    private readonly dir: string,
    private readonly workspace: Workspace,
  ) {}

  private get base() {
    return { fs: this.fs, dir: this.dir };
  }

  static ref(sessionId: string): string {
    return `refs/harness/checkpoints/${sessionId}`;
  }

  /** Writes blobs and nested trees for the files; returns the root tree's id. */
  private async writeTree(files: FileMap): Promise<string> {
    const folders = new Map<string, TreeEntry[]>([['', []]]);
    const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
    for (const [path, content] of Object.entries(files)) {
      let oid = this.blobs.get(content);
      if (!oid) {
        oid = await git.writeBlob({ ...this.base, blob: new TextEncoder().encode(content) });
        this.blobs.set(content, oid);
      }
      let folder = folderOf(path);
      if (!folders.has(folder)) folders.set(folder, []);
      folders
        .get(folder)!
        .push({ mode: '100644', path: path.slice(folder ? folder.length + 1 : 0), oid, type: 'blob' });
      // Make sure every ancestor folder exists, so that each gets a tree entry in its parent.
      while (folder && !folders.has(folderOf(folder))) {
        folders.set(folderOf(folder), []);
        folder = folderOf(folder);
      }
    }
    const ordered = [...folders.keys()].sort((a, b) => b.split('/').length - a.split('/').length || b.localeCompare(a));
    const treeOids = new Map<string, string>();
    for (const folder of ordered) {
      const entries = [...folders.get(folder)!];
      for (const [child, oid] of treeOids) {
        if (
          child &&
          folderOf(child) === folder &&
          !entries.some((entry) => entry.path === child.slice(folder ? folder.length + 1 : 0))
        ) {
          entries.push({ mode: '040000', path: child.slice(folder ? folder.length + 1 : 0), oid, type: 'tree' });
        }
      }
      treeOids.set(folder, await git.writeTree({ ...this.base, tree: entries }));
    }
    return treeOids.get('')!;
  }

  /** `files`, when the caller already read the worktree; read here otherwise. */
  /** `at`: when the files were taken (a checkpoint made again from a stored snapshot keeps its time). */
  async create(
    sessionId: string,
    step: number,
    label = `after step ${step}`,
    files?: FileMap,
    at = Date.now(),
  ): Promise<Checkpoint> {
    await new GitRepository(this.fs, this.dir).ensure(); // first use makes the repository
    files ??= await collectFiles(this.workspace);
    const tree = await this.writeTree(files);
    const ref = Checkpoints.ref(sessionId);
    const parent = await git.resolveRef({ ...this.base, ref }).then(
      (oid) => [oid],
      () => [] as string[],
    );
    const message = `checkpoint: ${label}\n\nHarness-Session: ${sessionId}\nHarness-Step: ${step}\n`;
    const timestamp = Math.floor(at / 1000);
    const person = { ...agentAuthor, timestamp, timezoneOffset: 0 };
    const oid = await git.writeCommit({
      ...this.base,
      commit: { message, tree, parent, author: person, committer: person },
    });
    await git.writeRef({ ...this.base, ref, value: oid, force: true });
    return { oid, step, label, at };
  }

  async list(sessionId: string): Promise<Checkpoint[]> {
    try {
      const commits = await git.log({ ...this.base, ref: Checkpoints.ref(sessionId), depth: 500 });
      return commits.map((entry) => ({
        oid: entry.oid,
        step: Number(/Harness-Step: (\d+)/.exec(entry.commit.message)?.[1] ?? 0),
        label: entry.commit.message.split('\n')[0].replace(/^checkpoint: /, ''),
        at: entry.commit.committer.timestamp * 1000,
      }));
    } catch {
      return []; // no checkpoint yet for this session
    }
  }

  async files(oid: string): Promise<FileMap> {
    const files: FileMap = {};
    const walk = async (treeOid: string, prefix: string) => {
      const { tree } = await git.readTree({ ...this.base, oid: treeOid });
      for (const entry of tree) {
        const path = prefix ? `${prefix}/${entry.path}` : entry.path;
        if (entry.type === 'tree') await walk(entry.oid, path);
        else files[path] = new TextDecoder().decode((await git.readBlob({ ...this.base, oid: entry.oid })).blob);
      }
    };
    await walk(oid, '');
    return files;
  }

  async diff(from: string, to: string): Promise<CheckpointDiff[]> {
    const [before, after] = await Promise.all([this.files(from), this.files(to)]);
    const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return paths.flatMap((path): CheckpointDiff[] => {
      const a = before[path];
      const b = after[path];
      if (a === b) return [];
      return [
        {
          path,
          change: a === undefined ? 'added' : b === undefined ? 'removed' : 'modified',
          diff: unifiedDiff(path, a ?? '', b ?? ''),
        },
      ];
    });
  }

  /** Restores a checkpoint's files exactly; the state before is checkpointed first (undo). */
  async restore(sessionId: string, oid: string, step: number): Promise<Checkpoint> {
    const undo = await this.create(sessionId, step, `before restoring ${oid.slice(0, 7)}`);
    await restoreFiles(this.workspace, await this.files(oid), { exact: true });
    return undo;
  }
}
