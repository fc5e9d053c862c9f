/**
 * The start of a turn (S2, S3): the user's task recorded durably before any request, or the
 * resumption of an interrupted one, and memory entering the prompt after the stable prefix.
 */
import type { HistoryItem } from './session';
import type { LoopContext } from './loop-context';
import type { Outcome } from './outcome';
import { lastMemoryText, memoryText } from './memory-notice';
import { repairInterrupted } from './repair-interrupted';
import { defaultTitle, titleOf } from './session';

/** Records the user's turn (durably, before any request: S2) or the resumption of an interrupted one. */
export async function startTurn(context: LoopContext): Promise<Outcome | undefined> {
  const { session, recorder } = context;
  for (const item of repairInterrupted(session.history)) await recorder.append(item);
  const task = context.task.trim();
  if (task) {
    // S3: the current task is this turn's, not the first one's (a resumed turn continues it).
    session.memory.task = task;
    // A title someone gave the session (an eval run's, a rename) is kept; a new one is named after its task.
    if (session.history.length === 0 && session.title === defaultTitle) session.title = titleOf(task);
    await recorder.append({ kind: 'user', content: task });
  } else if (session.history.length === 0) {
    return { kind: 'error', error: { kind: 'internal', message: 'nothing to do: the task is empty' } };
  } else {
    const lastRequest = session.history.findLast((item) => item.kind === 'user')?.content ?? '';
    // U3: a fork stops just before a step's request; continuing sends that request as it was, so
    // "what would another model have done here?" compares like with like. Anything else that ends
    // without a task was interrupted, and the model is told so.
    const forkPoint = session.forkOf && session.history.at(-1)?.kind !== 'assistant';
    if (!forkPoint)
      await recorder.append({
        kind: 'notice',
        reason: 'resumed',
        content:
          `Runtime notice: the run was resumed after an interruption. Continue ` +
          `with the task: ${session.memory.task || lastRequest}`,
      });
  }
  await syncMemory(context);
  recorder.emit({
    type: 'run.started',
    task: context.task,
    model: session.model,
    protocol: context.protocol,
    depth: context.depth,
  });
  if (context.options.workspaceChoice && context.depth === 0) {
    const environment = context.options.workspace.describe();
    recorder.emit({
      type: 'workspace.selected',
      backend: environment.backend,
      reason: context.options.workspaceChoice.reason,
    });
  }
  // The task and its memory are stored before the first request, so a reload mid-reply keeps them.
  await recorder.flush();
  return undefined;
}

export function switchedThisTurn(history: readonly HistoryItem[]): boolean {
  const turn = history.findLastIndex((item) => item.kind === 'user');
  return history.slice(turn + 1).some((item) => item.kind === 'notice' && item.reason === 'constrained-output');
}

/** S3: memory enters the prompt as an item appended after the stable prefix, when it changes. */
export async function syncMemory(context: LoopContext): Promise<void> {
  const { session, recorder } = context;
  const text = memoryText(session.memory);
  const empty = session.memory.files.length === 0 && session.memory.notes.length === 0;
  if (empty || text === lastMemoryText(session.history)) return;
  await recorder.append({ kind: 'notice', reason: 'memory', content: text });
  recorder.emit({ type: 'memory.updated', memory: structuredClone(session.memory) });
}
