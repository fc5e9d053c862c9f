/**
 * An in-memory workspace over just-bash: a simulated bash with common Unix commands on a
 * virtual filesystem. Runs in Node and in the browser. `node` and `npm` (scripts only) run in
 * QuickJS (offline-node/); git is isomorphic-git over the same files, for the harness only (no
 * `git` command in the shell); no network.
 */
import { Bash, InMemoryFs } from 'just-bash';
import type {
  DirectoryEntry,
  EntryKind,
  ExecOptions,
  ExecResult,
  FileStat,
  RepoContext,
  Workspace,
  WorkspaceDescription,
} from '../harness/ports';
import { WorkspaceError } from '../harness/workspace-error';
import { isInside, normalizeAbsolute, outsideRoot, relativePath, relativeSegments } from './workspace-paths';
import { collectDocs } from './project-docs';
import { nodeCommands } from './offline-node/node-command';
import { cmpCommand } from './offline-node/cmp-command';
import { BoundedOutput, maxKeptOutput } from './bounded-output';
import type { GitCapable } from './workspace-capabilities';
import { gitFsOverVirtual } from './git/git-fs';
import type { GitFs } from './git/git-fs';
import { GitRepository } from './git/git-repository';

const root = '/workspace';

export interface MemoryWorkspaceOptions {
  files?: Record<string, string>;
  /** A filesystem to use instead of a new one (the worker's, which tracks changes). */
  fs?: InMemoryFs;
  /** Hard ceiling for one command, whatever timeout the caller asks for. */
  maxCommandMs?: number;
}

type VirtualStat = { isFile: boolean; isDirectory: boolean; isSymbolicLink: boolean; size: number; mtime: Date };

function kindOf(stat: VirtualStat): EntryKind {
  if (stat.isSymbolicLink) return 'symlink';
  if (stat.isDirectory) return 'directory';
  return stat.isFile ? 'file' : 'other';
}

export class MemoryWorkspace implements Workspace, GitCapable {
  readonly fs: InMemoryFs;
  private readonly bash: Bash;
  private ready: Promise<void>;

  constructor(private readonly options: MemoryWorkspaceOptions = {}) {
    this.fs = options.fs ?? new InMemoryFs();
    this.bash = new Bash({
      fs: this.fs,
      cwd: root,
      env: { HOME: root },
      customCommands: [...nodeCommands({ root }), cmpCommand()],
    });
    this.ready = this.seed(options.files ?? {});
  }

  private async seed(files: Record<string, string>): Promise<void> {
    await this.fs.mkdir(root, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      const target = `${root}/${relativeSegments(path).join('/')}`;
      await this.fs.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true });
      await this.fs.writeFile(target, content);
    }
  }

  gitFs(): { fs: GitFs; dir: string } {
    return { fs: gitFsOverVirtual(this.fs), dir: root };
  }

  describe(): WorkspaceDescription {
    return {
      backend: 'memory-shell',
      label: 'offline shell: just-bash on in-memory files',
      os: 'a simulated Unix (no real processes)',
      shell: 'bash (simulated by just-bash; common commands: ls, cat, grep, rg, sed, awk, find, jq, diff, …)',
      persistence: 'each command runs in a fresh shell: cd and variables do not persist; files do',
      has: { node: true, npm: true, git: false, network: false },
      sandboxed: true,
      exampleCommand: 'node --test',
      notes: [
        'node is not Node.js: it runs JavaScript in a QuickJS sandbox (ES ' +
          'modules and CommonJS require, console, process, timers, assert, test, ' +
          'fs, path, os, events, util); there is no child_process, network or ' +
          'npm package. `node --test` runs test/**/*.js and *.test.js.',
        'npm only runs package.json scripts (npm test, npm run NAME); it ' +
          'cannot install anything. There is no python or git binary.',
      ],
    };
  }

  /**
   * Resolves a workspace path to an absolute virtual path, following links one hop at a time
   * and refusing any that leaves the root (W3). `followLast` false keeps a final link itself.
   */
  private async resolve(path: string, followLast = true): Promise<string> {
    await this.ready;
    const pending = relativeSegments(path);
    let current = root;
    let hops = 0;
    while (pending.length > 0) {
      const part = pending.shift()!;
      const next = `${current}/${part}`;
      const stat = (await this.fs.lstat(next).catch(() => null)) as VirtualStat | null;
      if (!stat || !stat.isSymbolicLink || (!followLast && pending.length === 0)) {
        current = next;
        continue;
      }
      if (++hops > 40) throw new WorkspaceError('io', path, `path "${path}" has too many levels of links`);
      const target = await this.fs.readlink(next);
      const absolute = normalizeAbsolute(target.startsWith('/') ? target : `${current}/${target}`);
      if (!isInside(root, absolute)) throw outsideRoot(path, relativePath(next.slice(root.length + 1)));
      pending.unshift(...absolute.slice(root.length).split('/').filter(Boolean));
      current = root;
    }
    return current;
  }

  private async lookup(path: string): Promise<VirtualStat | null> {
    return (await this.fs.stat(await this.resolve(path)).catch(() => null)) as VirtualStat | null;
  }

  async readFile(path: string): Promise<string> {
    const stat = await this.lookup(path);
    if (!stat) throw new WorkspaceError('not_found', path, `no file at "${path}"`);
    if (!stat.isFile) throw new WorkspaceError('not_a_file', path, `"${path}" is a ${kindOf(stat)}, not a file`);
    return this.fs.readFile(await this.resolve(path));
  }

  async readdir(path: string): Promise<DirectoryEntry[]> {
    const stat = await this.lookup(path);
    if (!stat) throw new WorkspaceError('not_found', path, `no folder at "${path}"`);
    if (!stat.isDirectory) throw new WorkspaceError('not_a_directory', path, `"${path}" is not a folder`);
    const absolute = await this.resolve(path);
    const names = await this.fs.readdir(absolute);
    return Promise.all(
      names.map(async (name) => ({ name, kind: kindOf((await this.fs.lstat(`${absolute}/${name}`)) as VirtualStat) })),
    );
  }

  async stat(path: string): Promise<FileStat | null> {
    const stat = await this.lookup(path);
    return stat ? { kind: kindOf(stat), size: stat.size, mtimeMs: stat.mtime.getTime() } : null;
  }

  async writeFile(path: string, content: string): Promise<void> {
    const absolute = await this.resolve(path);
    if (absolute === root) throw new WorkspaceError('not_a_file', path, 'cannot write to the workspace root');
    const existing = (await this.fs.stat(absolute).catch(() => null)) as VirtualStat | null;
    if (existing?.isDirectory) throw new WorkspaceError('not_a_file', path, `"${path}" is a folder`);
    await this.fs.mkdir(absolute.slice(0, absolute.lastIndexOf('/')), { recursive: true });
    await this.fs.writeFile(absolute, content);
  }

  async mkdir(path: string): Promise<void> {
    await this.fs.mkdir(await this.resolve(path), { recursive: true });
  }

  async remove(path: string): Promise<void> {
    const absolute = await this.resolve(path, false);
    if (absolute === root) throw new WorkspaceError('io', path, 'cannot remove the workspace root');
    if (!(await this.fs.lstat(absolute).catch(() => null)))
      throw new WorkspaceError('not_found', path, `nothing at "${path}"`);
    await this.fs.rm(absolute, { recursive: true, force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.resolve(from, false);
    const target = await this.resolve(to, false);
    if (!(await this.fs.lstat(source).catch(() => null)))
      throw new WorkspaceError('not_found', from, `nothing at "${from}"`);
    await this.fs.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    await this.fs.mv(source, target);
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = Date.now();
    const cwd = await this.resolve(options.cwd ?? '.');
    const ceiling = this.options.maxCommandMs ?? 120_000;
    const timeoutMs = Math.min(options.timeoutMs ?? ceiling, ceiling);
    // just-bash stops at its own deadline; the signal is cooperative (next statement boundary).
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) controller.abort();
    let timedOut = false;
    const timer = setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs);
    try {
      const sandbox = new Bash({
        fs: this.fs,
        cwd,
        env: { HOME: root, ...(options.env ?? {}) },
        executionLimits: { maxExecutionTimeMs: timeoutMs, maxOutputSize: maxKeptOutput * 4 },
        customCommands: [...nodeCommands({ root, deadlineMs: timeoutMs }), cmpCommand()],
      });
      const result = await sandbox.exec(command, { signal: controller.signal, rawScript: true });
      const deadline = result.exitCode === 124 && /deadline/.test(result.stderr);
      const stdout = new BoundedOutput();
      const stderr = new BoundedOutput();
      stdout.append(result.stdout);
      stderr.append(result.stderr);
      const dropped = stdout.dropped + stderr.dropped;
      if (stdout.text) options.onOutput?.(stdout.text, 'stdout');
      if (stderr.text) options.onOutput?.(stderr.text, 'stderr');
      const aborted = Boolean(options.signal?.aborted) && !timedOut;
      return {
        // A stop by the person is 130 (as Ctrl-C in a shell), never the timeout's 124.
        exitCode: aborted ? 130 : result.exitCode,
        stdout: stdout.text,
        stderr: stderr.text,
        timedOut: !aborted && (timedOut || deadline),
        aborted,
        durationMs: Date.now() - started,
        ...(dropped ? { droppedChars: dropped } : {}),
      };
    } catch (error) {
      return {
        exitCode: 126,
        stdout: '',
        stderr: `shell error: ${(error as Error).message}`,
        timedOut,
        aborted: Boolean(options.signal?.aborted),
        durationMs: Date.now() - started,
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async repoContext(): Promise<RepoContext> {
    await this.ready;
    const docs = await collectDocs(this);
    const repository = new GitRepository(gitFsOverVirtual(this.fs), root);
    return repository.context(docs);
  }
}
