/**
 * The offline node's event loop: evaluates the main module, then runs promise jobs and the
 * guest's virtual timers until nothing is left, the program exits, the deadline passes or the
 * run is aborted. Errors the program does not catch go to `report` (Node prints them and exits 1).
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';

export interface EventLoopOptions {
  context: QuickJSContext;
  runtime: QuickJSRuntime;
  /** The main module's code and the name errors give it. */
  main: string;
  name: string;
  deadline: number;
  signal?: AbortSignal;
  /** True once the program asked to exit (`process.exit`). */
  exited: () => boolean;
  report: (error: unknown) => void;
  /** Keeps a handle until the run's teardown. */
  hold: (handle: QuickJSHandle) => QuickJSHandle;
}

/** How long the loop runs before it lets the host see an abort (its events cannot fire meanwhile). */
const yieldEveryMs = 50;

export async function runEventLoop(options: EventLoopOptions): Promise<void> {
  const { context, runtime, report, deadline, signal } = options;
  const evaluated = context.evalCode(options.main, options.name, { type: 'module' });
  let promise: QuickJSHandle | undefined;
  if (evaluated.error) {
    report(context.dump(evaluated.error));
    evaluated.error.dispose();
  } else promise = evaluated.value;

  const runNextTimer = options.hold(context.getProp(context.global, '__runNextTimer'));
  let lastYield = Date.now();
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) {
      report(context.dump(jobs.error));
      jobs.error.dispose();
    }
    if (Date.now() > deadline || signal?.aborted || options.exited()) break;
    if (runtime.hasPendingJob()) continue;
    const timer = context.callFunction(runNextTimer, context.undefined);
    if (timer.error) {
      report(context.dump(timer.error));
      timer.error.dispose();
      continue;
    }
    const more: unknown = context.dump(timer.value);
    timer.value.dispose();
    if (!more) break;
    if (Date.now() - lastYield > yieldEveryMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = Date.now();
    }
  }
  if (!promise) return;
  const state = context.getPromiseState(promise);
  if (state.type === 'rejected') {
    report(context.dump(state.error));
    state.error.dispose();
  }
  // A module with top-level await settles to a value handle of its own: freeing it keeps the
  // runtime's teardown from aborting on a leaked object.
  if (state.type === 'fulfilled' && !state.notAPromise && state.value.alive) state.value.dispose();
  promise.dispose();
}
