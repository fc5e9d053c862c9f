/**
 * Runs one ES module in QuickJS (WebAssembly), sandboxed: no filesystem or network, a memory
 * cap, and a deadline enforced inside the engine (a tight loop cannot outlive it). Modules are
 * read from a snapshot of the workspace's files taken before the run; relative imports work.
 */
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { normalizeAbsolute } from '../workspace-paths';
import { assertSource, assertStrictSource, preludeSource, testSource } from './node-shims';

export interface RunOptions {
  /** Absolute path of the entry module (inside the virtual filesystem). */
  entry: string;
  /** Source text instead of reading `entry` (for `node -e`). */
  source?: string;
  files: Map<string, string>;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  deadlineMs: number;
  memoryBytes?: number;
  signal?: AbortSignal;
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  tests?: { tests: number; pass: number; fail: number; skipped: number };
  timedOut: boolean;
}

const unresolved = 'harness-unresolved:';
const builtins: Record<string, string> = { 'node:assert': assertSource, 'node:assert/strict': assertStrictSource, 'node:test': testSource };
const unsupported = new Set(['fs', 'fs/promises', 'child_process', 'http', 'https', 'net', 'os', 'path', 'url', 'worker_threads', 'crypto', 'stream', 'events', 'util', 'zlib', 'readline']);

function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

export function resolveSpecifier(base: string, requested: string, files: Map<string, string>): string {
  const bare = requested.replace(/^node:/, '');
  if (`node:${bare}` in builtins) return `node:${bare}`;
  if (unsupported.has(bare)) throw new Error(`node:${bare} is not available in the offline shell's node (QuickJS sandbox: no filesystem, processes or network)`);
  if (!requested.startsWith('.') && !requested.startsWith('/')) throw new Error(`package "${requested}" is not available: the offline shell cannot install npm packages`);
  const target = requested.startsWith('/') ? normalizeAbsolute(requested) : normalizeAbsolute(`${dirname(base)}/${requested}`);
  for (const candidate of [target, `${target}.js`, `${target}.mjs`, `${target}/index.js`]) if (files.has(candidate)) return candidate;
  throw new Error(`Cannot find module '${requested}' imported from ${base}`);
}

// Only the release build without asyncify: the others would ship several MB of unused wasm.
let engine: Promise<QuickJSWASMModule> | undefined;
function quickJS(): Promise<QuickJSWASMModule> {
  engine ??= newQuickJSWASMModuleFromVariant(import('@jitl/quickjs-wasmfile-release-sync'));
  return engine;
}

export async function runModule(options: RunOptions): Promise<RunResult> {
  const QuickJS = await quickJS();
  const runtime: QuickJSRuntime = QuickJS.newRuntime();
  runtime.setMemoryLimit(options.memoryBytes ?? 64 * 1024 * 1024);
  runtime.setMaxStackSize(1024 * 1024);
  const deadline = Date.now() + options.deadlineMs;
  const pastDeadline = shouldInterruptAfterDeadline(deadline);
  runtime.setInterruptHandler(() => pastDeadline(runtime) || Boolean(options.signal?.aborted));
  runtime.setModuleLoader(
    (name) => {
      // QuickJS drops the normalizer's errors, so they travel in the module name instead.
      if (name.startsWith(unresolved)) return { error: new Error(name.slice(unresolved.length)) };
      if (name in builtins) return builtins[name];
      const text = options.files.get(name);
      if (text === undefined) return { error: new Error(`Cannot find module ${name}`) };
      return name.endsWith('.json') ? `export default ${text};` : text;
    },
    (base, requested) => {
      try {
        return resolveSpecifier(base, requested, options.files);
      } catch (error) {
        return `${unresolved}${(error as Error).message}`;
      }
    },
  );
  const context: QuickJSContext = runtime.newContext();
  const output = { stdout: '', stderr: '' };
  let exitCode: number | undefined;
  const handles: QuickJSHandle[] = [];
  const hold = (handle: QuickJSHandle) => (handles.push(handle), handle);
  try {
    context.setProp(context.global, '__write', hold(context.newFunction('__write', (stream, text) => {
      const value = context.getString(text);
      if (context.getNumber(stream) === 2) output.stderr += value;
      else output.stdout += value;
    })));
    context.setProp(context.global, '__exit', hold(context.newFunction('__exit', (code) => {
      exitCode = context.getNumber(code) | 0;
    })));
    context.setProp(context.global, '__argv', hold(context.newArray()));
    options.argv.forEach((argument, index) => {
      const value = context.newString(argument);
      context.setProp(handles[handles.length - 1], index, value);
      value.dispose();
    });
    const env = hold(context.newObject());
    for (const [key, value] of Object.entries(options.env)) {
      const handle = context.newString(value);
      context.setProp(env, key, handle);
      handle.dispose();
    }
    context.setProp(context.global, '__env', env);
    const cwd = context.newString(options.cwd);
    context.setProp(context.global, '__cwd', cwd);
    cwd.dispose();
    const prelude = context.evalCode(preludeSource, '<prelude>');
    context.unwrapResult(prelude).dispose();

    const report = (error: unknown) => {
      const dumped = typeof error === 'object' && error && 'message' in error ? (error as { message: string; stack?: string; name?: string }) : { message: String(error) };
      if (dumped.message === '__process_exit__') return;
      if (/interrupted/i.test(dumped.message)) return;
      output.stderr += `${dumped.name ?? 'Error'}: ${dumped.message}\n${dumped.stack ?? ''}`;
      exitCode ??= 1;
    };
    const evaluated = context.evalCode(options.source ?? options.files.get(options.entry) ?? '', options.entry, { type: 'module' });
    let promise: QuickJSHandle | undefined;
    if (evaluated.error) {
      report(context.dump(evaluated.error));
      evaluated.error.dispose();
    } else promise = evaluated.value;

    // Drive promises and virtual timers until nothing is left to do (or the deadline passes).
    const runNextTimer = hold(context.getProp(context.global, '__runNextTimer'));
    let lastYield = Date.now();
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        report(context.dump(jobs.error));
        jobs.error.dispose();
      }
      if (Date.now() > deadline || options.signal?.aborted || exitCode !== undefined) break;
      if (runtime.hasPendingJob()) continue;
      const timer = context.callFunction(runNextTimer, context.undefined);
      if (timer.error) {
        report(context.dump(timer.error));
        timer.error.dispose();
        continue;
      }
      const more = context.dump(timer.value);
      timer.value.dispose();
      if (!more) break;
      if (Date.now() - lastYield > 50) {
        // Let the host see an abort now and then (its events cannot fire while we loop).
        await new Promise((resolve) => setTimeout(resolve, 0));
        lastYield = Date.now();
      }
    }
    if (promise) {
      const state = context.getPromiseState(promise);
      if (state.type === 'rejected') {
        report(context.dump(state.error));
        state.error.dispose();
      }
      promise.dispose();
    }
    const timedOut = Date.now() > deadline;
    if (timedOut) output.stderr += `\nnode: stopped after ${options.deadlineMs} ms (the offline shell's time limit)\n`;
    if (options.signal?.aborted) output.stderr += '\nnode: aborted\n';
    const summaryHandle = context.getProp(context.global, '__testSummary');
    const tests = context.dump(summaryHandle) as RunResult['tests'];
    summaryHandle.dispose();
    const processHandle = context.getProp(context.global, 'process');
    const exitCodeHandle = context.getProp(processHandle, 'exitCode');
    const processExit = context.dump(exitCodeHandle) as number;
    exitCodeHandle.dispose();
    processHandle.dispose();
    return { exitCode: timedOut ? 124 : options.signal?.aborted ? 130 : (exitCode ?? (processExit || 0)), ...output, ...(tests ? { tests } : {}), timedOut };
  } finally {
    for (const handle of handles) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
  }
}
