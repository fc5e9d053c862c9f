/**
 * P2: a sweep warms the next run's prefix while the current run's check executes, so
 * the server has read the system prompt and tools (the same bytes the run will send) before the
 * run starts. A warm-up that fails, or a next run another server takes, costs only time.
 */
import { Agent } from '../harness/agent';
import { MemorySessionStore } from '../store/memory-session-store';
import { MemoryTaskStore } from '../store/memory-task-store';
import type { EvalRun } from './run-eval';
import { evalSettings } from './eval-settings';

export async function warmEval(run: EvalRun, signal?: AbortSignal): Promise<void> {
  if (run.model.kind !== 'server' || !run.model.client.warm) return;
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
