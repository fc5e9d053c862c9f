/**
 * The offline shell in a Web Worker: just-bash (and QuickJS for `node`) run here, so a busy
 * command never freezes the page, and the page can terminate the worker on abort. Files live in
 * this worker; the page keeps a copy (a snapshot before each command that follows changes).
 */
/// <reference lib="webworker" />
import { InMemoryFs } from 'just-bash';
import { MemoryWorkspace } from '../memory-workspace';
import type { FileEntry, PlainStat, WorkerRequest, WorkerResponse } from './worker-messages';

const root = '/workspace';
const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Marks the filesystem dirty on every change, so that the page's copy is refreshed only then. */
class TrackingFs extends InMemoryFs {
  dirty = true;
}
for (const method of [
  'writeFile',
  'appendFile',
  'rm',
  'mv',
  'cp',
  'mkdir',
  'symlink',
  'link',
  'chmod',
  'utimes',
] as const) {
  const original = (InMemoryFs.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
  if (!original) continue;
  (TrackingFs.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[method] = function (
    this: TrackingFs,
    ...args: unknown[]
  ) {
    this.dirty = true;
    return original.apply(this, args);
  };
}

let fs: TrackingFs | undefined;
let workspace: MemoryWorkspace | undefined;
const controllers = new Map<number, AbortController>();
const post = (message: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

async function entries(): Promise<FileEntry[]> {
  const list: FileEntry[] = [];
  for (const path of fs!.getAllPaths()) {
    if (!path.startsWith(`${root}/`)) continue;
    const stat = await fs!.lstat(path).catch(() => null);
    if (!stat) continue;
    if (stat.isSymbolicLink) list.push({ path, link: await fs!.readlink(path) });
    else if (stat.isFile) list.push({ path, data: new Uint8Array(await fs!.readFileBuffer(path)) });
  }
  return list;
}

async function seed(files: FileEntry[]): Promise<void> {
  await fs!.mkdir(root, { recursive: true });
  for (const entry of files) {
    await fs!.mkdir(entry.path.slice(0, entry.path.lastIndexOf('/')), { recursive: true });
    if ('link' in entry) await fs!.symlink(entry.link, entry.path);
    else await fs!.writeFile(entry.path, entry.data);
  }
}

function plainStat(stat: PlainStat): PlainStat {
  const { type, mode, size, ino, mtimeMs, ctimeMs, uid, gid, dev } = stat;
  return { type, mode, size, ino, mtimeMs, ctimeMs, uid, gid, dev };
}

async function call(request: Extract<WorkerRequest, { kind: 'call' }>): Promise<unknown> {
  if (!workspace || !fs) throw new Error('the shell worker was not started');
  if (request.target === 'git') {
    const git = workspace.gitFs().fs.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const value = await git[request.name](...request.args);
    return request.name === 'stat' || request.name === 'lstat' ? plainStat(value as PlainStat) : value;
  }
  if (request.name === 'exec') {
    if (fs.dirty) {
      fs.dirty = false;
      post({ id: request.id, kind: 'snapshot', entries: await entries() });
    }
    const controller = new AbortController();
    controllers.set(request.id, controller);
    try {
      const [command, options] = request.args as [string, Record<string, unknown>];
      return await workspace.exec(command, {
        ...options,
        signal: controller.signal,
        onOutput: (chunk, stream) => post({ id: request.id, kind: 'output', chunk, stream }),
      });
    } finally {
      controllers.delete(request.id);
    }
  }
  if (request.name === 'describe') return workspace.describe();
  const method = (workspace as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[request.name];
  if (typeof method !== 'function') throw new Error(`the shell worker has no ${request.name}`);
  return method.apply(workspace, request.args);
}

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind === 'abort') {
    controllers.get(request.callId)?.abort();
    return;
  }
  try {
    if (request.kind === 'init') {
      fs = new TrackingFs();
      await seed(request.entries);
      workspace = new MemoryWorkspace({ fs, maxCommandMs: request.maxCommandMs });
      fs.dirty = true;
      post({ id: request.id, kind: 'result', value: workspace.describe() });
      return;
    }
    post({ id: request.id, kind: 'result', value: await call(request) });
  } catch (error) {
    const failure = error as Error & { code?: string; path?: string };
    post({
      id: request.id,
      kind: 'failure',
      error: {
        name: failure.name ?? 'Error',
        message: failure.message ?? String(error),
        code: failure.code,
        path: failure.path,
      },
    });
  }
};
