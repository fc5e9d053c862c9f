/**
 * The real sandbox in the browser: Node.js, npm and a shell (jsh) in WebContainer. Commands run
 * as `jsh -c`, with cwd, env, timeout and kill; their stdout and stderr arrive merged, and the
 * tool result says so. Dev-server `port` and `server-ready` events are passed on for a preview.
 * Not verified against the real runtime here (it cannot be reached); see the README.
 */
import type {
  DirectoryEntry,
  ExecOptions,
  ExecResult,
  FileStat,
  RepoContext,
  Workspace,
  WorkspaceDescription,
} from '../../harness/ports';
import { WorkspaceError } from '../../harness/workspace-error';
import { relativePath, relativeSegments } from '../workspace-paths';
import { collectDocs } from '../project-docs';
import { BoundedOutput } from '../bounded-output';
import type { ContainerApi } from './container-api';
import type { GitCapable } from '../workspace-capabilities';
import type { GitFs } from '../git/git-fs';
import { gitFsOverContainer } from './container-git-fs';
import { GitRepository } from '../git/git-repository';

function failure(path: string, error: unknown): WorkspaceError {
  const message = (error as Error)?.message ?? String(error);
  if (/ENOENT|no such file/i.test(message)) return new WorkspaceError('not_found', path, `nothing at "${path}"`);
  if (/EISDIR/i.test(message)) return new WorkspaceError('not_a_file', path, `"${path}" is a folder`);
  if (/ENOTDIR/i.test(message)) return new WorkspaceError('not_a_directory', path, `"${path}" is not a folder`);
  return new WorkspaceError('io', path, `${message} (at "${path}")`);
}

export class WebContainerWorkspace implements Workspace, GitCapable {
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    readonly container: ContainerApi,
    options: {
      onServerReady?: (port: number, url: string) => void;
      onPort?: (port: number, type: 'open' | 'close', url: string) => void;
      onError?: (message: string) => void;
    } = {},
  ) {
    if (options.onServerReady) this.unsubscribe.push(container.on('server-ready', options.onServerReady));
    if (options.onPort) this.unsubscribe.push(container.on('port', options.onPort));
    if (options.onError) this.unsubscribe.push(container.on('error', (error) => options.onError?.(error.message)));
  }

  describe(): WorkspaceDescription {
    return {
      backend: 'webcontainer',
      label: 'WebContainer: Node.js, npm and a shell in this tab',
      os: 'WebContainer (a Node.js runtime in the browser, Linux-like)',
      shell: 'jsh -c (WebContainer shell)',
      persistence: 'each command runs in a fresh shell: cd and variables do not persist; files do',
      has: { node: true, npm: true, git: false, network: true },
      sandboxed: true,
      exampleCommand: 'npm test',
      notes: ['stdout and stderr of a command arrive merged.'],
    };
  }

  /** W3: relative paths only, checked lexically (the container's fs API cannot see links). */
  private path(path: string): string {
    return relativeSegments(path).join('/') || '.';
  }

  async readFile(path: string): Promise<string> {
    const target = this.path(path);
    const stat = await this.stat(path);
    if (!stat) throw new WorkspaceError('not_found', path, `no file at "${path}"`);
    if (stat.kind !== 'file') throw new WorkspaceError('not_a_file', path, `"${path}" is a ${stat.kind}, not a file`);
    return this.container.fs.readFile(target, 'utf-8').catch((error) => Promise.reject(failure(path, error)));
  }

  async readdir(path: string): Promise<DirectoryEntry[]> {
    const entries = await this.container.fs
      .readdir(this.path(path), { withFileTypes: true })
      .catch((error) => Promise.reject(failure(path, error)));
    return entries.map((entry) => ({
      name: entry.name,
      kind: entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other',
    }));
  }

  /** The API has no stat: the parent's listing tells the kind, the content the size. */
  async stat(path: string): Promise<FileStat | null> {
    const segments = relativeSegments(path);
    if (segments.length === 0) return { kind: 'directory', size: 0, mtimeMs: 0 };
    const parent = segments.slice(0, -1).join('/') || '.';
    const entries = await this.container.fs.readdir(parent, { withFileTypes: true }).catch(() => null);
    const entry = entries?.find((candidate) => candidate.name === segments[segments.length - 1]);
    if (!entry) return null;
    if (entry.isDirectory()) return { kind: 'directory', size: 0, mtimeMs: 0 };
    if (!entry.isFile()) return { kind: 'other', size: 0, mtimeMs: 0 };
    const text = await this.container.fs.readFile(segments.join('/'), 'utf-8').catch(() => '');
    return { kind: 'file', size: new TextEncoder().encode(text).length, mtimeMs: 0 };
  }

  async writeFile(path: string, content: string): Promise<void> {
    const segments = relativeSegments(path);
    if (segments.length === 0) throw new WorkspaceError('not_a_file', path, 'cannot write to the workspace root');
    if ((await this.stat(path))?.kind === 'directory')
      throw new WorkspaceError('not_a_file', path, `"${path}" is a folder`);
    if (segments.length > 1) await this.container.fs.mkdir(segments.slice(0, -1).join('/'), { recursive: true });
    await this.container.fs
      .writeFile(segments.join('/'), content)
      .catch((error) => Promise.reject(failure(path, error)));
  }

  async mkdir(path: string): Promise<void> {
    await this.container.fs
      .mkdir(this.path(path), { recursive: true })
      .catch((error) => Promise.reject(failure(path, error)));
  }

  async remove(path: string): Promise<void> {
    const target = relativePath(path);
    if (target === '.') throw new WorkspaceError('io', path, 'cannot remove the workspace root');
    if (!(await this.stat(path))) throw new WorkspaceError('not_found', path, `nothing at "${path}"`);
    await this.container.fs.rm(target, { recursive: true, force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    const target = relativeSegments(to);
    if (target.length > 1) await this.container.fs.mkdir(target.slice(0, -1).join('/'), { recursive: true });
    await this.container.fs
      .rename(this.path(from), target.join('/'))
      .catch((error) => Promise.reject(failure(from, error)));
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = Date.now();
    let cwd: string;
    try {
      cwd = this.path(options.cwd ?? '.');
    } catch (error) {
      return {
        exitCode: 126,
        stdout: '',
        stderr: (error as Error).message,
        timedOut: false,
        aborted: false,
        durationMs: 0,
        merged: true,
      };
    }
    const process = await this.container.spawn('jsh', ['-c', command], { cwd, env: options.env, output: true });
    const output = new BoundedOutput();
    let timedOut = false;
    let aborted = false;
    const stop = () => process.kill();
    const timer = options.timeoutMs ? setTimeout(() => ((timedOut = true), stop()), options.timeoutMs) : undefined;
    const onAbort = () => ((aborted = true), stop());
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const reading = (async () => {
      const reader = process.output.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        options.onOutput?.(value, 'stdout');
        output.append(value);
      }
    })();
    // A killed process may never close its stream: its exit (or the kill) ends the wait.
    const exitCode = await process.exit;
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 100))]);
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    return {
      exitCode: timedOut || aborted ? (exitCode === 0 ? 137 : exitCode) : exitCode,
      stdout: output.text,
      stderr: '',
      timedOut,
      aborted,
      durationMs: Date.now() - started,
      merged: true,
      ...(output.dropped ? { droppedChars: output.dropped } : {}),
    };
  }

  gitFs(): { fs: GitFs; dir: string } {
    return { fs: gitFsOverContainer(this.container), dir: this.container.workdir };
  }

  async repoContext(): Promise<RepoContext> {
    const docs = await collectDocs(this);
    const { fs, dir } = this.gitFs();
    const repository = new GitRepository(fs, dir);
    return repository.context(docs);
  }

  teardown(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.container.teardown();
  }
}
