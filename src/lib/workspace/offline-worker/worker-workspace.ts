/**
 * The offline shell as seen from the page: a Workspace whose files and commands live
 * in a Web Worker. Aborting or timing out a command that does not stop (a tight loop) terminates
 * the worker and starts a new one from the last copy of the files: the page never freezes, and
 * what the killed command changed is rolled back (the result says so).
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
import type { WorkspaceErrorCode } from '../../harness/workspace-error';
import type { GitCapable } from '../workspace-capabilities';
import type { GitFs, GitStat } from '../git/git-fs';
import { withStatMethods } from '../git/git-fs';
import type { FileEntry, PlainStat, WorkerFailure, WorkerRequest, WorkerResponse } from './worker-messages';

type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;
type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onOutput?: ExecOptions['onOutput'];
};

const root = '/workspace';
/** How long a command may ignore an abort before its worker is terminated. */
const abortGraceMs = 500;

function toError(failure: WorkerFailure): Error {
  if (failure.name === 'WorkspaceError')
    return new WorkspaceError((failure.code ?? 'io') as WorkspaceErrorCode, failure.path ?? '', failure.message);
  const error = new Error(failure.message) as Error & { code?: string };
  error.name = failure.name;
  if (failure.code) error.code = failure.code;
  else if (/^(E[A-Z]+)\b/.test(failure.message)) error.code = /^(E[A-Z]+)\b/.exec(failure.message)![1];
  return error;
}

export class WorkerWorkspace implements Workspace, GitCapable {
  private worker!: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private copy: FileEntry[] = [];
  private description!: WorkspaceDescription;
  /** How many times a worker had to be terminated (for tests and the UI). */
  restarts = 0;

  private constructor(
    private readonly makeWorker: () => Worker,
    private readonly maxCommandMs: number,
  ) {}

  static async create(
    files: Record<string, string>,
    options: { makeWorker?: () => Worker; maxCommandMs?: number } = {},
  ): Promise<WorkerWorkspace> {
    const makeWorker =
      options.makeWorker ??
      (() =>
        new Worker(new URL('./offline-shell.worker.ts', import.meta.url), { type: 'module', name: 'offline-shell' }));
    const workspace = new WorkerWorkspace(makeWorker, options.maxCommandMs ?? 120_000);
    const encoder = new TextEncoder();
    workspace.copy = Object.entries(files).map(([path, content]) => ({
      path: `${root}/${path}`,
      data: encoder.encode(content),
    }));
    await workspace.start();
    return workspace;
  }

  private async start(): Promise<void> {
    this.worker = this.makeWorker();
    this.worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(new Error(`the shell worker crashed: ${event.message}`));
      }
    };
    this.description = (await this.send({
      kind: 'init',
      entries: this.copy,
      maxCommandMs: this.maxCommandMs,
    })) as WorkspaceDescription;
  }

  private receive(message: WorkerResponse): void {
    const pending = this.pending.get(message.id);
    if (message.kind === 'snapshot') {
      this.copy = message.entries;
      return;
    }
    if (!pending) return;
    if (message.kind === 'output') {
      pending.onOutput?.(message.chunk, message.stream);
      return;
    }
    this.pending.delete(message.id);
    if (message.kind === 'result') pending.resolve(message.value);
    else pending.reject(toError(message.error));
  }

  private send(
    request: DistributiveOmit<Extract<WorkerRequest, { kind: 'init' | 'call' }>, 'id'>,
    onOutput?: ExecOptions['onOutput'],
    id = this.nextId++,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onOutput });
      this.worker.postMessage({ ...request, id });
    });
  }

  private call<T>(name: string, ...args: unknown[]): Promise<T> {
    return this.send({ kind: 'call', target: 'workspace', name, args }) as Promise<T>;
  }

  describe(): WorkspaceDescription {
    return {
      ...this.description,
      notes: [
        ...this.description.notes,
        'Commands run in a background worker; one that ignores a stop is ' +
          'terminated, and its file changes are rolled back.',
      ],
    };
  }

  readFile(path: string): Promise<string> {
    return this.call('readFile', path);
  }
  readdir(path: string): Promise<DirectoryEntry[]> {
    return this.call('readdir', path);
  }
  stat(path: string): Promise<FileStat | null> {
    return this.call('stat', path);
  }
  writeFile(path: string, content: string): Promise<void> {
    return this.call('writeFile', path, content);
  }
  mkdir(path: string): Promise<void> {
    return this.call('mkdir', path);
  }
  remove(path: string): Promise<void> {
    return this.call('remove', path);
  }
  rename(from: string, to: string): Promise<void> {
    return this.call('rename', from, to);
  }
  repoContext(): Promise<RepoContext> {
    return this.call('repoContext');
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = Date.now();
    const id = this.nextId++;
    const { signal, onOutput, ...plain } = options;
    const running = this.send(
      { kind: 'call', target: 'workspace', name: 'exec', args: [command, plain] },
      onOutput,
      id,
    ) as Promise<ExecResult>;
    let killed: 'aborted' | 'timedOut' | undefined;
    let settle: (result: ExecResult) => void = () => undefined;
    const forced = new Promise<ExecResult>((resolve) => (settle = resolve));
    const terminate = async (why: 'aborted' | 'timedOut') => {
      if (!this.pending.has(id)) return;
      killed = why;
      this.pending.delete(id);
      this.worker.terminate();
      this.restarts++;
      await this.start();
      settle({
        exitCode: why === 'aborted' ? 130 : 124,
        stdout: '',
        stderr:
          `the command ` +
          `${why === 'aborted' ? 'ignored the stop' : 'ran past its time limit'}; ` +
          `its worker was terminated and the files it changed were rolled back`,
        timedOut: why === 'timedOut',
        aborted: why === 'aborted',
        durationMs: Date.now() - started,
      });
    };
    const onAbort = () => {
      this.worker.postMessage({ id: this.nextId++, kind: 'abort', callId: id } satisfies WorkerRequest);
      setTimeout(() => void terminate('aborted'), abortGraceMs);
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // just-bash enforces the timeout itself; this is the backstop for a worker that is stuck.
    const limit = Math.min(options.timeoutMs ?? this.maxCommandMs, this.maxCommandMs) + 2000;
    const backstop = setTimeout(() => void terminate('timedOut'), limit);
    try {
      const result = await Promise.race([running, forced]);
      return killed ? result : { ...result, durationMs: Date.now() - started };
    } finally {
      clearTimeout(backstop);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** isomorphic-git's fs, forwarded to the worker's filesystem. */
  gitFs(): { fs: GitFs; dir: string } {
    const forward =
      (name: string) =>
      (...args: unknown[]) =>
        this.send({ kind: 'call', target: 'git', name, args });
    const stat =
      (name: 'stat' | 'lstat') =>
      async (path: string): Promise<GitStat> => {
        return withStatMethods((await forward(name)(path)) as PlainStat);
      };
    const promises = {
      readFile: forward('readFile'),
      writeFile: forward('writeFile'),
      unlink: forward('unlink'),
      readdir: forward('readdir'),
      mkdir: forward('mkdir'),
      rmdir: forward('rmdir'),
      stat: stat('stat'),
      lstat: stat('lstat'),
      readlink: forward('readlink'),
      symlink: forward('symlink'),
      chmod: forward('chmod'),
    } as unknown as GitFs['promises'];
    return { fs: { promises }, dir: root };
  }

  /** Stops the worker; calls still waiting fail with a clear error instead of hanging. */
  dispose(): void {
    this.worker.terminate();
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error('the shell worker of this session was stopped (another session took over)'));
    }
  }
}
