/**
 * DESIGN rule 12: a feature that changes what happens around a step is a `LoopExtension` with a
 * few named points, registered in a list (`extensions.ts`), as pi-mono's loop takes callbacks.
 * The loop calls the points in list order and knows no feature by name: adding the next one is a
 * new file and a line in the list, not a branch in run-loop.ts.
 *
 * Points, in the order a run meets them:
 * - `onStart` — the turn has begun (its task recorded), before the first step: an extension may
 *   add to what the model reads first (the small profile shows the files the task names).
 * - `beforeRequest` — the request is fitted; an extension may choose the reply's schema, edit the
 *   messages (step mode) or stop the run.
 * - `watchReply` — a watcher sees the reply while it streams and may stop it (a runaway).
 * - `afterReply` — a whole (or stopped) reply, before it is kept and parsed: go on (maybe with
 *   edited text), stop the run, or end the step with a notice ("again").
 * - `beforeFinal` — a final answer: accept it, send it back with a notice, or stop the run.
 * - `beforeTool` — one tool call, before it runs: refuse it with a text the model reads instead.
 * - `rewriteTool` — a call that means another: that one runs instead (validated, checked for
 *   repeats and approved like any), and the model reads why first.
 * - `afterToolResult` — one tool call's result: a line to add to what the model reads.
 * - `afterTools` — every call of the reply has run; the run may end here.
 * - `onStop` — the run ends with its outcome.
 */
import type { ChatMessage, ModelReply, ToolCall } from './model-types';
import type { Outcome } from './outcome';
import type { StepScope } from './step-scope';

export type { StepScope } from './step-scope';

export interface PendingRequest {
  messages: ChatMessage[];
  /** The schema the reply must follow (constrained output), if any. */
  format?: Record<string, unknown>;
}

export type RequestVerdict =
  { kind: 'go'; messages?: ChatMessage[]; format?: Record<string, unknown> } | { kind: 'stop'; outcome: Outcome };

/** Sees a reply while it streams; `push` answers true to stop it. Must not throw. */
export interface ReplyWatcher {
  push(text: string): boolean;
  /** A retried attempt streams from the start again. */
  reset(): void;
  /** What it has seen of the reply (bounded). */
  readonly seen: string;
}

export interface ArrivedReply {
  reply: ModelReply;
  /** The text the rest of the step reads (an earlier extension may have edited it). */
  content: string;
  /** The watcher (by its extension's name) that stopped the reply while it streamed, and what had streamed. */
  stoppedBy?: { name: string; text: string };
}

export type ReplyVerdict =
  | { kind: 'go'; content?: string }
  | { kind: 'stop'; outcome: Outcome }
  /**
   * The step ends without parsing: the reply is kept (as `recorded`, or its text), `notice` is
   * appended, and `formatError` counts it as an unparseable reply (L1).
   */
  | { kind: 'again'; reason: string; notice: string; formatError?: boolean; recorded?: string };

export type FinalVerdict =
  | { kind: 'accept' }
  /** The answer goes back with `notice`; `formatError` counts it as an unparseable reply (L1). */
  | { kind: 'reject'; reason: string; notice: string; formatError?: boolean }
  | { kind: 'stop'; outcome: Outcome };

export interface ToolResultView {
  call: ToolCall;
  ok: boolean;
  /** The call changed workspace files. */
  changed: boolean;
  /** T5: refused as a repeat of the call before it. */
  repeated: boolean;
  /** T4: not approved (by the person or the approval policy). */
  denied?: boolean;
  /** Lines of the file's earlier content a whole-file write dropped (0 or absent: none). */
  droppedLines?: number;
  content: string;
}

export interface RoundView {
  calls: readonly ToolCall[];
  changedFiles: boolean;
  allFailed: boolean;
}

export type ToolsVerdict = void | { kind: 'stop'; outcome: Outcome };

export interface LoopExtension {
  readonly name: string;
  /** Called once, before the first step (scope.step is that step's number). Must not throw. */
  onStart?(scope: StepScope): Promise<void>;
  beforeRequest?(request: PendingRequest, scope: StepScope): Promise<RequestVerdict>;
  watchReply?(scope: StepScope): ReplyWatcher | undefined;
  afterReply?(reply: ArrivedReply, scope: StepScope): Promise<ReplyVerdict>;
  beforeFinal?(answer: string, scope: StepScope): Promise<FinalVerdict>;
  /** Refuses a call before it runs: the text is the call's result (failed), and nothing runs. */
  beforeTool?(call: ToolCall, scope: StepScope): Promise<string | undefined>;
  /** A call to run instead of `call`, and the line that says so; the first extension that answers wins. */
  rewriteTool?(call: ToolCall, scope: StepScope): Promise<{ call: ToolCall; note: string } | undefined>;
  afterToolResult?(result: ToolResultView, scope: StepScope): string | undefined;
  /** May end the run (a model that keeps repeating a refused call). */
  afterTools?(round: RoundView, scope: StepScope): Promise<ToolsVerdict> | ToolsVerdict;
  onStop?(outcome: Outcome, scope: Omit<StepScope, 'move'>): Promise<void> | void;
}
