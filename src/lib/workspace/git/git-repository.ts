/**
 * W4 and the agent's git tool, through isomorphic-git over a backend's own files. A workspace
 * without a repository gets one on first use (`ensure`).
 */
import './buffer-global';
import git from 'isomorphic-git';
import type { GitFs } from './git-fs';
import type { RepoContext } from '../../harness/ports';

/** `a/./b/../c` → `a/c`, for absolute paths (no filesystem access: the target may not exist). */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export const agentAuthor = { name: 'Harness Playground agent', email: 'agent@harness-playground.invalid' };

const skipped = (path: string) => path.startsWith('node_modules/') || path.startsWith('.harness/sessions/');

/** `git status --short` letters from isomorphic-git's status matrix [path, head, workdir, stage]. */
function statusLetters(head: number, workdir: number, stage: number): string | undefined {
  if (head === 1 && workdir === 1 && stage === 1) return undefined;
  if (head === 0 && stage === 0) return '??';
  if (head === 0) return workdir === stage ? 'A ' : 'AM';
  if (workdir === 0) return stage === 0 ? 'D ' : ' D';
  if (stage === 1) return ' M';
  return workdir === stage ? 'M ' : 'MM';
}

export class GitRepository {
  constructor(
    readonly fs: GitFs,
    readonly dir: string,
  ) {}

  private get base() {
    return { fs: this.fs, dir: this.dir };
  }

  /**
   * W3: why this workspace's `.git` may not be used, when it may not: a link that leads out of
   * the workspace, or a `gitdir:` file pointing at a git directory outside it (a worktree's or a
   * submodule's, or one planted to reach another repository).
   */
  async problem(): Promise<string | undefined> {
    const gitPath = `${this.dir}/.git`;
    const refused = (why: string) =>
      `git refused: ${why}; the git tools and checkpoints work only with a .git folder inside the workspace`;
    let stat;
    try {
      stat = await this.fs.promises.lstat(gitPath);
    } catch (error) {
      const code = (error as { code?: string; kind?: string }).code ?? (error as { kind?: string }).kind;
      return code === 'ENOENT' || code === 'not_found' ? undefined : refused((error as Error).message);
    }
    if (stat.isSymbolicLink()) {
      try {
        await this.fs.promises.stat(gitPath);
      } catch (error) {
        return refused(
          `.git is a link that does not lead to a folder inside the workspace (${(error as Error).message})`,
        );
      }
    }
    if (!stat.isFile()) return undefined;
    const text = String(await this.fs.promises.readFile(gitPath, { encoding: 'utf8' }).catch(() => ''));
    const target = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
    if (!target) return refused('.git is a file that is not a git directory');
    const absolute = target.startsWith('/') ? normalize(target) : normalize(`${this.dir}/${target}`);
    return absolute.startsWith(`${this.dir}/`)
      ? undefined
      : refused(`.git is a file pointing at a git directory outside the workspace (gitdir: ${target.slice(0, 200)})`);
  }

  async exists(): Promise<boolean> {
    if (await this.problem()) return false;
    try {
      await this.fs.promises.stat(`${this.dir}/.git`);
      return true;
    } catch {
      return false; // no .git folder: not a repository (yet)
    }
  }

  async ensure(): Promise<void> {
    const problem = await this.problem();
    if (problem) throw new Error(problem);
    if (!(await this.exists())) await git.init({ ...this.base, defaultBranch: 'main' });
  }

  async branch(): Promise<string> {
    return (await git.currentBranch({ ...this.base, fullname: false })) ?? '(detached)';
  }

  async defaultBranch(): Promise<string> {
    try {
      const head = String(
        await this.fs.promises.readFile(`${this.dir}/.git/refs/remotes/origin/HEAD`, { encoding: 'utf8' }),
      );
      return head.replace(/^ref: refs\/remotes\/origin\//, '').trim();
    } catch {
      return (await this.branch()) || 'main'; // no remote: the current branch is the default
    }
  }

  async status(): Promise<string[]> {
    const matrix = await git.statusMatrix({ ...this.base, filter: (path) => !skipped(path) });
    return matrix.flatMap(([path, head, workdir, stage]) => {
      const letters = statusLetters(head, workdir, stage);
      return letters ? [`${letters} ${path}`] : [];
    });
  }

  async log(depth = 5): Promise<string[]> {
    try {
      const commits = await git.log({ ...this.base, depth });
      return commits.map((entry) => `${entry.oid.slice(0, 7)} ${entry.commit.message.split('\n')[0]}`);
    } catch {
      return []; // no commits yet
    }
  }

  async add(paths: string[]): Promise<string[]> {
    const added: string[] = [];
    const status = await git.statusMatrix({ ...this.base, filter: (path) => !skipped(path) });
    for (const [path, , workdir] of status) {
      if (
        !paths.some((wanted) => wanted === '.' || path === wanted || path.startsWith(`${wanted.replace(/\/$/, '')}/`))
      )
        continue;
      if (workdir === 0) await git.remove({ ...this.base, filepath: path });
      else await git.add({ ...this.base, filepath: path });
      added.push(path);
    }
    return added;
  }

  async commit(message: string): Promise<string> {
    return git.commit({ ...this.base, message, author: agentAuthor });
  }

  /** W4 from this repository, for backends without a git binary. */
  async context(docs: RepoContext['docs']): Promise<RepoContext> {
    const problem = await this.problem();
    if (problem || !(await this.exists())) {
      return {
        cwd: '.',
        repository: false,
        repoRoot: '.',
        branch: '',
        defaultBranch: '',
        status: '',
        recentCommits: [],
        docs,
        note: problem ?? 'not a git repository yet',
      };
    }
    const [branch, status, recentCommits] = await Promise.all([this.branch(), this.status(), this.log(5)]);
    return {
      cwd: '.',
      repository: true,
      repoRoot: '.',
      branch,
      defaultBranch: await this.defaultBranch(),
      status: status.join('\n') || 'clean',
      recentCommits,
      docs,
    };
  }

  async headFiles(): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    try {
      const head = await git.resolveRef({ ...this.base, ref: 'HEAD' });
      await this.collectTree(head, '', files);
    } catch {
      // No commit yet: everything is new.
    }
    return files;
  }

  async collectTree(commitOrTree: string, prefix: string, into: Map<string, string>): Promise<void> {
    const { tree } = await git.readTree({ ...this.base, oid: commitOrTree });
    for (const entry of tree) {
      const path = prefix ? `${prefix}/${entry.path}` : entry.path;
      if (entry.type === 'tree') await this.collectTree(entry.oid, path, into);
      else if (entry.type === 'blob') {
        const { blob } = await git.readBlob({ ...this.base, oid: entry.oid });
        into.set(path, new TextDecoder().decode(blob));
      }
    }
  }
}
