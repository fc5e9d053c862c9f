/**
 * A QuickJS runtime for one program: the memory cap, a stack check below the host's own, an
 * interrupt at the deadline or on abort (a tight loop cannot outlive either), and the module
 * loader over the program's files and the built-ins.
 */
import { shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';
import type { QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { builtins, commonJsFacade, resolveSpecifier } from './module-resolution';

/** What modules load: the program's files, and the code of `node -e` (no file `fs` can see). */
export interface ModuleSource {
  get: (path: string) => string | undefined;
  has: (path: string) => boolean;
}

export interface RuntimeOptions {
  cap: number;
  deadline: number;
  signal?: AbortSignal;
  modules: ModuleSource;
  /** Whether a file is an ES module (else it is loaded through its CommonJS facade). */
  esmOf: (file: string, text: string) => boolean;
  cwd: string;
}

/** QuickJS drops the normalizer's errors, so they travel in the module name instead. */
const unresolved = 'harness-unresolved:';

/**
 * 256 KB: 1,482 frames of a plain recursion (Node: ~13,900). QuickJS's default of 1 MB let a
 * runaway recursion overflow the host's stack before its own check fired.
 */
const stackBytes = 256 * 1024;

export function newGuestRuntime(QuickJS: QuickJSWASMModule, options: RuntimeOptions): QuickJSRuntime {
  const { modules, signal } = options;
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(options.cap);
  runtime.setMaxStackSize(stackBytes);
  const pastDeadline = shouldInterruptAfterDeadline(options.deadline);
  runtime.setInterruptHandler(() => pastDeadline(runtime) || Boolean(signal?.aborted));
  runtime.setModuleLoader(
    (name) => {
      if (name.startsWith(unresolved)) return { error: new Error(name.slice(unresolved.length)) };
      if (name in builtins) return builtins[name];
      const text = modules.get(name);
      if (text === undefined) return { error: new Error(`Cannot find module ${name}`) };
      if (name.endsWith('.json')) return `export default ${text};`;
      return options.esmOf(name, text) ? text : commonJsFacade(name, text);
    },
    (base, requested) => {
      try {
        // Code with no file of its own (`node -e`, the shims) has a base that is no path: resolve
        // from the working directory.
        return resolveSpecifier(base.startsWith('/') ? base : `${options.cwd}/[eval]`, requested, modules);
      } catch (error) {
        return `${unresolved}${(error as Error).message}`;
      }
    },
  );
  return runtime;
}
