/**
 * A workspace over a real directory, for the headless runner and tests (Node only). Commands
 * run in `/bin/sh -c` in their own process group, so that a timeout or an abort kills the
 * command and everything it started.
 */
import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { promises as fs, realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import { promisify } from 'node:util';
import type { DirectoryEntry, EntryKind, ExecOptions, ExecResult, FileStat, RepoContext, Workspace, WorkspaceDescription } from '../harness/ports';
import { WorkspaceError } from '../harness/workspace-error';
import { isInside, relativeSegments } from './workspace-paths';
import { collectDocs } from './project-docs';
import { BoundedOutput } from './bounded-output';
import type { GitCapable } from './workspace-capabilities';
import type { GitFs } from './git/git-fs';
import * as nodeFs from 'node:fs';

const run = promisify(execFile);
const maxReadBytes = 8 * 1024 * 1024;

function kindOf(stat: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isDirectory()) return 'directory';
  return stat.isFile() ? 'file' : 'other';
}

function ioError(path: string, error: unknown): WorkspaceError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new WorkspaceError('not_found', path, `nothing at "${path}"`);
  if (code === 'EISDIR') return new WorkspaceError('not_a_file', path, `"${path}" is a folder`);
  if (code === 'ENOTDIR') return new WorkspaceError('not_a_directory', path, `"${path}" is not a folder`);
  return new WorkspaceError('io', path, `${code ?? 'error'} on "${path}": ${(error as Error).message}`);
}

export class NodeDirectoryWorkspace implements Workspace, GitCapable {
  readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(nodePath.resolve(root));
  }

  /** node:fs already has the shape isomorphic-git wants. */
  gitFs(): { fs: GitFs; dir: string } {
    return { fs: nodeFs as unknown as GitFs, dir: this.root };
  }

  describe(): WorkspaceDescription {
    return {
      backend: 'node-directory',
      label: `a real directory on this machine (${this.root})`,
      os: `${process.platform} (real processes)`,
      shell: '/bin/sh -c',
      persistence: 'each command runs in a fresh shell: cd and variables do not persist; files do',
      has: { node: true, npm: true, git: true, network: true },
      exampleCommand: 'node --test',
      notes: ['Commands run on the host with your user rights; stdout and stderr are kept apart.'],
    };
  }

  /**
   * W3: the lexical path must stay inside, and so must the real path of its deepest existing
   * ancestor, which catches links that leave the root.
   */
  private async resolve(path: string, followLast = true): Promise<string> {
    const absolute = nodePath.join(this.root, ...relativeSegments(path));
    let probe = followLast ? absolute : nodePath.dirname(absolute);
    for (;;) {
      try {
        const real = await fs.realpath(probe);
        if (!isInside(this.root, real)) throw new WorkspaceError('outside_root', path, `path "${path}" leaves the workspace root through a link`);
        break;
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw ioError(path, error);
        // A dangling link still points somewhere: refuse it if that is outside.
        const link = await fs.readlink(probe).catch(() => null);
        if (link !== null && !isInside(this.root, nodePath.resolve(nodePath.dirname(probe), link))) {
          throw new WorkspaceError('outside_root', path, `path "${path}" leaves the workspace root through a link`);
        }
        if (probe === this.root) break;
        probe = nodePath.dirname(probe);
      }
    }
    return absolute;
  }

  async readFile(path: string): Promise<string> {
    const absolute = await this.resolve(path);
    const stat = await fs.stat(absolute).catch((error) => Promise.reject(ioError(path, error)));
    if (!stat.isFile()) throw new WorkspaceError('not_a_file', path, `"${path}" is not a file`);
    if (stat.size > maxReadBytes) throw new WorkspaceError('too_large', path, `"${path}" is ${stat.size} bytes; files over ${maxReadBytes} are not read`);
    return fs.readFile(absolute, 'utf8');
  }

  async readdir(path: string): Promise<DirectoryEntry[]> {
    const absolute = await this.resolve(path);
    const entries = await fs.readdir(absolute, { withFileTypes: true }).catch((error) => Promise.reject(ioError(path, error)));
    return entries.map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
  }

  async stat(path: string): Promise<FileStat | null> {
    const absolute = await this.resolve(path);
    try {
      const stat = await fs.stat(absolute);
      return { kind: kindOf(stat), size: stat.size, mtimeMs: stat.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw ioError(path, error);
    }
  }

  async writeFile(path: string, content: string): Promise<void> {
    const absolute = await this.resolve(path);
    if (absolute === this.root) throw new WorkspaceError('not_a_file', path, 'cannot write to the workspace root');
    await fs.mkdir(nodePath.dirname(absolute), { recursive: true }).catch((error) => Promise.reject(ioError(path, error)));
    await fs.writeFile(absolute, content, 'utf8').catch((error) => Promise.reject(ioError(path, error)));
  }

  async mkdir(path: string): Promise<void> {
    await fs.mkdir(await this.resolve(path), { recursive: true }).catch((error) => Promise.reject(ioError(path, error)));
  }

  async remove(path: string): Promise<void> {
    const absolute = await this.resolve(path, false);
    if (absolute === this.root) throw new WorkspaceError('io', path, 'cannot remove the workspace root');
    await fs.lstat(absolute).catch((error) => Promise.reject(ioError(path, error)));
    await fs.rm(absolute, { recursive: true, force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.resolve(from, false);
    const target = await this.resolve(to, false);
    await fs.mkdir(nodePath.dirname(target), { recursive: true });
    await fs.rename(source, target).catch((error) => Promise.reject(ioError(from, error)));
  }

  exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    return this.resolve(options.cwd ?? '.').then(
      (cwd) => this.spawnGroup(command, cwd, options),
      (error: WorkspaceError) => ({ exitCode: 126, stdout: '', stderr: error.message, timedOut: false, aborted: false, durationMs: 0 }),
    );
  }

  private spawnGroup(command: string, cwd: string, options: ExecOptions): Promise<ExecResult> {
    const started = Date.now();
    return new Promise((resolve) => {
      const child = spawn('/bin/sh', ['-c', command], { cwd, env: { ...process.env, ...(options.env ?? {}) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = { stdout: new BoundedOutput(), stderr: new BoundedOutput() };
      let timedOut = false;
      let aborted = false;
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch (error) {
          // ESRCH: the group is already gone, which is what we wanted.
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') child.kill('SIGKILL');
        }
      };
      const collect = (stream: 'stdout' | 'stderr') => (data: Buffer) => {
        const text = data.toString('utf8');
        options.onOutput?.(text, stream);
        output[stream].append(text);
      };
      child.stdout.on('data', collect('stdout'));
      child.stderr.on('data', collect('stderr'));
      const timer = options.timeoutMs ? setTimeout(() => ((timedOut = true), killGroup()), options.timeoutMs) : undefined;
      const onAbort = () => ((aborted = true), killGroup());
      if (options.signal?.aborted) onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (exitCode: number, extra = '') => {
        if (timer) clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        // Whatever the shell left behind in its group goes too.
        if (timedOut || aborted) killGroup();
        const dropped = output.stdout.dropped + output.stderr.dropped;
        resolve({ exitCode, stdout: output.stdout.text, stderr: output.stderr.text + extra, timedOut, aborted, durationMs: Date.now() - started, ...(dropped ? { droppedChars: dropped } : {}) });
      };
      child.on('error', (error) => finish(127, `failed to start: ${error.message}`));
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 + 9 : 1)));
    });
  }

  async repoContext(): Promise<RepoContext> {
    const docs = await collectDocs(this);
    const git = async (args: string[]) => (await run('git', args, { cwd: this.root, timeout: 5000, maxBuffer: 4 * 1024 * 1024 })).stdout.trim();
    try {
      const repoRoot = await git(['rev-parse', '--show-toplevel']);
      const [branch, status, log] = await Promise.all([git(['branch', '--show-current']), git(['status', '--short']), git(['log', '--oneline', '-5']).catch(() => '')]);
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
      const note = /not a git repository/i.test(message) ? 'no git repository' : `git unavailable: ${message.split('\n')[0]}`;
      return { cwd: '.', repository: false, repoRoot: '.', branch: '', defaultBranch: '', status: '', recentCommits: [], docs, note };
    }
  }
}
