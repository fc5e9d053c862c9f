/**
 * P2: a sweep warms the next run's prefix while the current run's check executes, so the server
 * has read the system prompt and tools (the same bytes the run will send) before the run starts;
 * the run is claimed for that server, so no other one takes it. A warm-up has a deadline (a server
 * that never answers it, or trickles, holds nothing up for longer) and is aborted with the sweep;
 * one that fails costs only time, and none is counted in a run's seconds.
 */
import { Agent } from '../harness/agent';
import { MemorySessionStore } from '../store/memory-session-store';
import { MemoryTaskStore } from '../store/memory-task-store';
import type { EvalRun } from './run-eval';
import { evalSettings } from './eval-settings';

/** The longest a warm-up may take: a run's own time limit, at most this. */
export const warmDeadlineMs = 300_000;

export async function warmEval(run: EvalRun, outer?: AbortSignal): Promise<void> {
  if (run.model.kind !== 'server' || !run.model.client.warm) return;
  const limit = Math.min(warmDeadlineMs, (run.maxSeconds || Infinity) * 1000);
  const signal = outer ? AbortSignal.any([outer, AbortSignal.timeout(limit)]) : AbortSignal.timeout(limit);
  const workspace = await run.workspace(run.task.files);
  try {
    const agent = new Agent({
      model: run.model.client,
      modelName: run.model.name,
      workspace,
      store: new MemorySessionStore(),
      tasks: new MemoryTaskStore(),
      settings: evalSettings(run, run.protocol),
      ...(run.analyzeShell ? { analyzeShell: run.analyzeShell } : {}),
    });
    await agent.warm(signal);
  } finally {
    workspace.dispose?.();
  }
}
