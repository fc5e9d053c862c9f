/**
 * Runs one program in QuickJS (WebAssembly), sandboxed: no network or processes, a memory cap,
 * and a deadline enforced inside the engine (a tight loop cannot outlive it). ES modules and
 * CommonJS both run (Node's rule: .mjs and files with import/export are modules). Files come from
 * a snapshot of the workspace taken before the run; writes through `fs` stay inside the
 * workspace root and are handed back as changes for the caller to apply.
 */
import { defaultMemoryBytes, discardEngine, quickJS, settleEngine } from './quickjs-engine';
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { resolveSpecifier } from './module-resolution';
import { newGuestRuntime } from './guest-runtime';
import { runEventLoop } from './guest-event-loop';
import { preludeSource } from './node-shims';
import { stdinSource } from './node-stdin-shim';
import { isEsmSource } from './module-kind';
import { nodeApiSource } from './node-builtins';
import { commonJsSource } from './node-commonjs';
import { bindGuest } from './guest-bindings';
import { GuestFiles } from './guest-files';
import type { FileChanges } from './guest-files';
import { BoundedOutput } from '../bounded-output';
import { nodeErrorReport } from './node-error-report';
import type { ReportContext } from './node-error-report';

const commonJsWrapper = '(function (exports, require, module, __filename, __dirname) {';

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
  /** Where `fs` may write (absolute); writes elsewhere fail with EACCES. */
  root?: string;
  /** `node -p`: print the value of the code in `source`. */
  print?: boolean;
  /** `node --input-type=…`: how `source` is read (module or CommonJS) without guessing. */
  inputType?: 'module' | 'commonjs';
  /** What the program reads from standard input (a pipe into `node`). */
  stdin?: string;
}

/** What the program changed through `fs`: new contents, or null for a removed file; made folders. */
export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** `failures` is the guest's: failing-tests.ts checks it before showing it. */
  tests?: { tests: number; pass: number; fail: number; skipped: number; failures?: unknown[] };
  timedOut: boolean;
  changes: FileChanges;
}

const signalOf = (options: RunOptions) => (options.signal ? { signal: options.signal } : {});

/** What the program left behind: its test summary (`node --test`) and `process.exitCode`. */
function guestExit(context: QuickJSContext): { tests: RunResult['tests']; processExit: number } {
  const summaryHandle = context.getProp(context.global, '__testSummary');
  const tests = context.dump(summaryHandle) as RunResult['tests'];
  summaryHandle.dispose();
  const processHandle = context.getProp(context.global, 'process');
  const exitCodeHandle = context.getProp(processHandle, 'exitCode');
  const processExit = context.dump(exitCodeHandle) as number;
  exitCodeHandle.dispose();
  processHandle.dispose();
  return { tests, processExit };
}

export async function runModule(options: RunOptions): Promise<RunResult> {
  const cap = options.memoryBytes ?? defaultMemoryBytes;
  const used = quickJS(cap);
  const result = await runIn(await used.module, options, cap, () => discardEngine(used));
  if (settleEngine(used).capReached)
    result.stderr += `\nnode: the program reached the offline node's memory cap (${cap / 1024 / 1024} MB)\n`;
  return result;
}

/** How the entry runs: as an ES module, or from a small module that requires it as CommonJS. */
function entryModule(
  context: QuickJSContext,
  options: RunOptions,
  code: string,
  esmOf: (file: string, text: string) => boolean,
): { esm: boolean; main: string; name: string } {
  // Like Node's detection: code that only compiles as a module (top-level await) runs as one.
  const compilesAsScript = () => {
    const compiled = context.evalCode(`new Function(${JSON.stringify(code)}); undefined`, '<detect>');
    if (compiled.error) compiled.error.dispose();
    else compiled.value.dispose();
    return !compiled.error;
  };
  // `node -e` ignores package.json: --input-type decides, else the code's syntax.
  const esm =
    options.inputType !== undefined
      ? options.inputType === 'module'
      : esmOf(options.entry, code) || (/\bawait\b/.test(code) && !compilesAsScript());
  if (esm) return { esm, main: code, name: options.entry };
  // The small module loads assert and test, which require() hands out.
  const main = [
    "import * as assert from 'node:assert';",
    "import * as strict from 'node:assert/strict';",
    "import * as test from 'node:test';",
    "globalThis.__esmBuiltins = { assert, 'assert/strict': strict, test };",
    `globalThis.__requireFrom(${JSON.stringify(options.entry)});`,
    '',
  ].join('\n');
  return { esm, main, name: `${options.entry} (CommonJS)` };
}

/** What a run's modules are: the files (its writes seen by its later reads), plus `node -e`'s code. */
function guestSources(options: RunOptions, files: Map<string, string>) {
  const inline = (path: string) => path === options.entry && options.source !== undefined;
  const code = options.print
    ? `console.log(eval(${JSON.stringify(options.source ?? '')}))`
    : (options.source ?? files.get(options.entry) ?? '');
  const modules = {
    get: (path: string) => (inline(path) ? code : files.get(path)),
    has: (path: string) => inline(path) || files.has(path),
  };
  // `node -e` code is no file of any package: its package.json does not decide for it.
  const esmOf = (file: string, text: string) => isEsmSource(file, text, inline(file) ? undefined : files);
  return { code, modules, esmOf };
}

/** What a Node-style error report reads: sources, module kinds, and how specifiers resolve. */
function reportContextOf(
  options: RunOptions,
  files: Map<string, string>,
  sources: ReturnType<typeof guestSources>,
  entryIsEsm: () => boolean,
): ReportContext {
  const { modules, esmOf } = sources;
  return {
    source: (file) => modules.get(file),
    // The entry is what it ran as (`--input-type`, or the code of `node -e`), not its file's text.
    isEsm: (file) => (file === options.entry ? entryIsEsm() : esmOf(file, files.get(file) ?? '')),
    files: () => files.entries(),
    resolve: (base, specifier) => {
      try {
        return resolveSpecifier(base, specifier, modules);
      } catch {
        return undefined;
      }
    },
    commonJsPrefix: commonJsWrapper.length,
  };
}

/** The guest's error, reported as Node would; an exit or an interrupt is no error. */
function errorReporter(output: { stderr: BoundedOutput }, reportContext: ReportContext, failed: () => void) {
  return (error: unknown) => {
    const dumped =
      typeof error === 'object' && error && 'message' in error
        ? (error as { message: string; stack?: string; name?: string })
        : { message: String(error) };
    if (dumped.message === '__process_exit__') return;
    if (/interrupted/i.test(dumped.message)) return;
    output.stderr.append(nodeErrorReport(dumped, reportContext));
    failed();
  };
}

/**
 * The host's own stack ran out inside the engine (a deep JSON.stringify, a recursion through a
 * getter that QuickJS's stack check did not see): what the program printed stands.
 */
function engineFailure(error: unknown, output: { stdout: BoundedOutput; stderr: BoundedOutput }, guest: GuestFiles) {
  output.stderr.append(
    error instanceof RangeError
      ? 'RangeError: Maximum call stack size exceeded\n'
      : `node: the offline engine failed: ${(error as Error).message}\n`,
  );
  return {
    exitCode: 1,
    stdout: output.stdout.text,
    stderr: output.stderr.text,
    timedOut: false,
    changes: guest.changes,
  };
}

/** How the run ended: the deadline, an abort, the program's own exit code, or its test summary. */
function ended(
  context: QuickJSContext,
  options: RunOptions,
  run: { deadline: number; exitCode: number | undefined; guest: GuestFiles },
  output: { stdout: BoundedOutput; stderr: BoundedOutput },
): RunResult {
  const timedOut = Date.now() > run.deadline;
  if (timedOut)
    output.stderr.append(`\nnode: stopped after ${options.deadlineMs} ms (the offline shell's time limit)\n`);
  if (options.signal?.aborted) output.stderr.append('\nnode: aborted\n');
  const { tests, processExit } = guestExit(context);
  return {
    exitCode: timedOut ? 124 : options.signal?.aborted ? 130 : (run.exitCode ?? (processExit || 0)),
    stdout: output.stdout.text,
    stderr: output.stderr.text,
    ...(tests ? { tests } : {}),
    timedOut,
    changes: run.guest.changes,
  };
}

/**
 * Frees the engine's handles, context and runtime. QuickJS's teardown asserts after a stack
 * overflow or an out-of-memory error (quickjs-emscripten issues 60 and 257) and the WebAssembly
 * module aborts: the program's output and report stand, and the next run gets a new engine.
 */
function release(
  parts: { handles: QuickJSHandle[]; context: QuickJSContext; runtime: { dispose(): void } },
  broken: () => void,
) {
  try {
    for (const handle of parts.handles) if (handle.alive) handle.dispose();
    parts.context.dispose();
    parts.runtime.dispose();
  } catch {
    broken();
  }
}

async function runIn(
  QuickJS: QuickJSWASMModule,
  options: RunOptions,
  cap: number,
  /** The engine aborted: it is not used again. */
  broken: () => void,
): Promise<RunResult> {
  const files = new Map(options.files);
  const sources = guestSources(options, files);
  const { code, modules, esmOf } = sources;
  const guest = new GuestFiles(files, options.root ?? '/');
  const deadline = Date.now() + options.deadlineMs;
  const runtime = newGuestRuntime(QuickJS, { cap, deadline, modules, esmOf, cwd: options.cwd, ...signalOf(options) });
  const context: QuickJSContext = runtime.newContext();
  let entryIsEsm = false;
  const reportContext = reportContextOf(options, files, sources, () => entryIsEsm);
  // Bounded as they arrive: a print loop must not grow the host's memory until the deadline.
  const output = { stdout: new BoundedOutput(), stderr: new BoundedOutput() };
  let exitCode: number | undefined;
  const handles: QuickJSHandle[] = [];
  const hold = (handle: QuickJSHandle) => (handles.push(handle), handle);
  let hostFailed = false;
  try {
    const exit = (code: number) => (exitCode = code);
    bindGuest(context, hold, { output, exit, options, files, modules, guest, esmOf, commonJsWrapper });
    for (const [source, name] of [
      [preludeSource, '<prelude>'],
      [stdinSource, '<stdin>'],
      [nodeApiSource, '<node-api>'],
      [commonJsSource, '<commonjs>'],
    ])
      context.unwrapResult(context.evalCode(source, name)).dispose();
    const report = errorReporter(output, reportContext, () => (exitCode ??= 1));
    const entry = entryModule(context, options, code, esmOf);
    entryIsEsm = entry.esm;
    try {
      const { main, name } = entry;
      const exited = () => exitCode !== undefined;
      await runEventLoop({ context, runtime, main, name, deadline, ...signalOf(options), exited, report, hold });
    } catch (error) {
      // The engine, unwound mid-call, is not used again.
      hostFailed = true;
      broken();
      return engineFailure(error, output, guest);
    }
    return ended(context, options, { deadline, exitCode, guest }, output);
  } finally {
    if (!hostFailed) release({ handles, context, runtime }, broken);
  }
}
