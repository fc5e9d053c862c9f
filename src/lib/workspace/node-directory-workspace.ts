/**
 * A workspace over a real directory, for the headless runner and tests (Node only). Paths are
 * link-safe and race-free (link-safe-fs.ts); commands run in `/bin/sh -c` in their own process
 * group (process-group.ts). This is not a sandbox: run_shell reaches the whole machine with the
 * user's rights, and the description says so to the model (W3).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promises as fs, realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import { promisify } from 'node:util';
import type {
  DirectoryEntry,
  EntryKind,
  ExecOptions,
  ExecResult,
  FileStat,
  RepoContext,
  Workspace,
  WorkspaceDescription,
} from '../harness/workspace-types';
import { WorkspaceError } from '../harness/workspace-error';
import { collectDocs } from './project-docs';
import type { GitCapable } from './workspace-capabilities';
import type { GitFs } from './git/git-fs';
import { linkCheckedGitFs } from './node-directory/link-checked-git-fs';
import { GitRepository } from './git/git-repository';
import { LinkSafeFs, ioError } from './node-directory/link-safe-fs';
import { processLimit, runInProcessGroup } from './node-directory/process-group';

const run = promisify(execFile);
const maxReadBytes = 8 * 1024 * 1024;
const hasGit = spawnSync('git', ['--version']).status === 0;

function kindOf(stat: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isDirectory()) return 'directory';
  return stat.isFile() ? 'file' : 'other';
}

export class NodeDirectoryWorkspace implements Workspace, GitCapable {
  readonly root: string;
  private readonly files: LinkSafeFs;
  private limit: Promise<{ limit?: number; note: string }> | undefined;

  constructor(root: string) {
    this.root = realpathSync(nodePath.resolve(root));
    this.files = new LinkSafeFs(this.root);
  }

  /** node:fs through the link checks (W3: a .git that leads out is refused, not followed). */
  gitFs(): { fs: GitFs; dir: string } {
    return { fs: linkCheckedGitFs(this.files), dir: this.root };
  }

  describe(): WorkspaceDescription {
    return {
      backend: 'node-directory',
      label: `a real directory on this machine (${this.root})`,
      os: `${process.platform} (real processes)`,
      shell: '/bin/sh -c',
      persistence: 'each command runs in a fresh shell: cd and variables do not persist; files do',
      has: { node: true, npm: true, git: hasGit, network: true },
      sandboxed: false,
      exampleCommand: 'node --test',
      notes: ['stdout and stderr are kept apart.'],
    };
  }

  async readFile(path: string): Promise<string> {
    return this.files.readText(path, maxReadBytes);
  }

  /** Listed through a held, checked handle: a folder swapped for a link meanwhile is not followed (W3). */
  async readdir(path: string): Promise<DirectoryEntry[]> {
    const directory = await this.files.openDirectory(path);
    try {
      const entries = await fs
        .readdir(directory.at(''), { withFileTypes: true })
        .catch((error) => Promise.reject(ioError(path, error)));
      return entries.map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
    } finally {
      await directory.handle.close();
    }
  }

  async stat(path: string): Promise<FileStat | null> {
    try {
      const stat = await this.files.statChecked(path);
      return { kind: kindOf(stat), size: stat.size, mtimeMs: stat.mtimeMs };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOENT' || code === 'not_found') return null;
      throw ioError(path, error);
    }
  }

  writeFile(path: string, content: string): Promise<void> {
    return this.files.writeText(path, content);
  }

  async mkdir(path: string): Promise<void> {
    await this.files.ensureDirectory(path);
  }

  async remove(path: string): Promise<void> {
    const absolute = await this.files.resolve(path, false);
    if (absolute === this.root) throw new WorkspaceError('io', path, 'cannot remove the workspace root');
    await fs.lstat(absolute).catch((error) => Promise.reject(ioError(path, error)));
    await fs.rm(absolute, { recursive: true, force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.files.resolve(from, false);
    const slash = to.replace(/\/+$/, '').lastIndexOf('/');
    const parent = await this.files.ensureDirectory(slash > 0 ? to.slice(0, slash) : '.');
    const target = nodePath.join(parent, nodePath.basename(to));
    if (source === this.root) throw new WorkspaceError('io', from, 'cannot move the workspace root');
    await fs.rename(source, target).catch((error) => Promise.reject(ioError(from, error)));
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    let cwd: string;
    try {
      cwd = await this.files.resolve(options.cwd ?? '.');
    } catch (error) {
      return {
        exitCode: 126,
        stdout: '',
        stderr: (error as Error).message,
        timedOut: false,
        aborted: false,
        durationMs: 0,
      };
    }
    this.limit ??= processLimit();
    return runInProcessGroup(command, cwd, options, (await this.limit).limit);
  }

  async repoContext(): Promise<RepoContext> {
    const docs = await collectDocs(this);
    const git = async (args: string[]) =>
      (await run('git', args, { cwd: this.root, timeout: 5000, maxBuffer: 4 * 1024 * 1024 })).stdout.trim();
    // W3: a .git that leads out of the workspace is not read (its status and log would reach the prompt).
    const problem = await new GitRepository(this.gitFs().fs, this.root).problem();
    try {
      if (problem) throw new Error(problem);
      const repoRoot = await git(['rev-parse', '--show-toplevel']);
      const [branch, status, log] = await Promise.all([
        git(['branch', '--show-current']),
        git(['status', '--short']),
        git(['log', '--oneline', '-5']).catch(() => ''),
      ]);
      const origin = await git(['symbolic-ref', '--short', 'refs/remotes/origin/HEAD']).catch(() => '');
      return {
        cwd: '.',
        repository: true,
        repoRoot: nodePath.relative(this.root, repoRoot) || '.',
        branch: branch || '(detached)',
        defaultBranch: origin.replace(/^origin\//, '') || branch || 'main',
        status: status || 'clean',
        recentCommits: log ? log.split('\n') : [],
        docs,
      };
    } catch (error) {
      const message = (error as Error).message;
      const note = problem
        ? problem
        : /not a git repository/i.test(message)
          ? 'no git repository'
          : `git unavailable: ${message.split('\n')[0]}`;
      return {
        cwd: '.',
        repository: false,
        repoRoot: '.',
        branch: '',
        defaultBranch: '',
        status: '',
        recentCommits: [],
        docs,
        note,
      };
    }
  }
}
