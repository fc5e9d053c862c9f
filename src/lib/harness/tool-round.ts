/**
 * The tool calls of one reply, in order: each validated, approved and run by the executor, its
 * result appended as an item, its effects on memory recorded. At most `bounds.callsPerReply`
 * calls run; the rest are answered with one notice.
 */
import type { HarnessEventBody } from './events';
import type { ToolCall } from './model-types';
import type { ReadonlyWorkspace } from './workspace-types';
import type { Session } from './session';
import type { SessionRecorder } from './session-recorder';
import type { ExecutedCall, ToolExecutor } from './tool-executor';
import { asRecord } from './tool-executor';
import type { ToolResultView } from './rules/rule';
import type { RunFacts } from './facts/run-facts';
import { rememberFiles, rememberNote } from './memory-notice';
import { appendLongTermNote } from './long-term-memory';
import { bounds, boundedArguments } from './bounds';

export interface ToolRoundContext {
  executor: ToolExecutor;
  recorder: SessionRecorder;
  session: Session;
  workspace: ReadonlyWorkspace;
  memoryFile: string;
  signal: AbortSignal;
  emit: (body: HarnessEventBody) => void;
  /** Called once before the first call that may change something (write tools). */
  beforeChange?: () => Promise<void>;
  /** The rules may refuse a call before it runs (`beforeTool`): the model reads why; which rule it was is a fact. */
  refuse?: (call: ToolCall) => Promise<{ text: string; rule: string } | undefined>;
  /** The call to run instead, and why (`rewriteTool`). */
  rewrite?: (call: ToolCall) => Promise<{ call: ToolCall; note: string } | undefined>;
  /** A line the rules add to what the model reads of a result (`afterToolResult`). */
  annotate?: (result: ToolResultView) => string | undefined;
  /** The run's facts: each call is added before the rules look at its result. */
  facts?: RunFacts;
}

export interface ToolRoundResult {
  changedFiles: boolean;
  /** Every call failed (refused, invalid or erroring): the optional failed-steps guard counts these. */
  allFailed: boolean;
  stopped: boolean;
}

/** One call: refused by a rule, or run (as a rule rewrote it, perhaps) through the executor's stages. */
async function runCall(context: ToolRoundContext, call: ToolCall, step: number, index: number) {
  const refusal = await context.refuse?.(call);
  const rewritten = refusal ? undefined : await context.rewrite?.(call);
  if (rewritten) context.emit({ type: 'notice', step, reason: 'rewritten', text: rewritten.note });
  const executed: ExecutedCall = refusal
    ? { name: call.name, args: asRecord(call.arguments), content: refusal.text, ok: false, invalid: false }
    : await context.executor.execute(rewritten?.call ?? call, step, index, context.signal, context.beforeChange);
  if (rewritten) executed.content = `${rewritten.note}\n${executed.content}`;
  return { executed, ...(refusal ? { refusedBy: refusal.rule } : {}) };
}

/** The call's item, with what it did (the run's facts are folded from these, a resume's too), and the rules' line. */
async function recordCall(context: ToolRoundContext, executed: ExecutedCall, step: number, refusedBy?: string) {
  const { result } = executed;
  const changed = executed.ok && Boolean(result?.changed?.length);
  const item = {
    kind: 'tool' as const,
    name: executed.name,
    args: boundedArguments(executed.args),
    content: executed.content,
    ok: executed.ok,
    step,
    ran: Boolean(result),
    ...(changed ? { changed } : {}),
    ...(result?.created?.length ? { created: true } : {}),
    ...(executed.repeated ? { repeated: true } : {}),
    ...(executed.denied ? { denied: true } : {}),
    ...(refusedBy ? { refusedBy } : {}),
    ...(result?.childSessionId ? { childSessionId: result.childSessionId } : {}),
  };
  context.facts?.add({ ...item, seq: -1, at: 0 });
  const added = context.annotate?.({
    call: { name: executed.name, arguments: executed.args },
    ok: executed.ok,
    changed,
    repeated: Boolean(executed.repeated),
    denied: Boolean(executed.denied),
    droppedLines: result?.droppedLines ?? 0,
    content: executed.content,
  });
  await context.recorder.append(added ? { ...item, content: `${executed.content}\n${added}` } : item);
}

/** What a result asks memory to keep: the files touched, a note, a long-term note (in the memory file). */
async function keepMemory(context: ToolRoundContext, result: ExecutedCall['result'], step: number) {
  const { session } = context;
  if (result?.touched) rememberFiles(session.memory, result.touched);
  if (result?.note) rememberNote(session.memory, result.note);
  if (!result?.longTermNote) return;
  const problem = await appendLongTermNote(context.workspace, context.memoryFile, result.longTermNote);
  if (problem)
    context.emit({
      type: 'notice',
      step,
      reason: 'memory-file',
      text: `the long-term note was kept in session memory only: ${problem}`,
    });
}

export async function runToolRound(
  context: ToolRoundContext,
  calls: ToolCall[],
  step: number,
  extra?: string,
): Promise<ToolRoundResult> {
  const { recorder, emit } = context;
  const notices = extra ? [`Runtime notice: ${extra}.`] : [];
  if (calls.length > bounds.callsPerReply)
    notices.push(
      `Runtime notice: the reply made ${calls.length} tool calls; only the ` +
        `first ${bounds.callsPerReply} were run. Make fewer calls per reply.`,
    );
  let changedFiles = false;
  let failed = 0;
  let ran = 0;
  for (const [index, call] of calls.slice(0, bounds.callsPerReply).entries()) {
    if (context.signal.aborted) break;
    ran++;
    const { executed, refusedBy } = await runCall(context, call, step, index);
    if (!executed.ok) failed++;
    if (executed.result?.changed?.length || (executed.name === 'run_shell' && executed.result)) changedFiles = true;
    await recordCall(context, executed, step, refusedBy);
    await keepMemory(context, executed.result, step);
    if (executed.stopped) return { changedFiles, allFailed: false, stopped: true };
  }
  for (const text of notices) {
    emit({ type: 'notice', step, reason: 'extra-calls', text });
    await recorder.append({ kind: 'notice', reason: 'extra-calls', content: text });
  }
  return { changedFiles, allFailed: ran > 0 && failed === ran, stopped: false };
}
