/**
 * DESIGN 12 and 14: a rule is a value. Everything the harness does around the model that is not
 * the loop itself — a refusal, an answer sent back, a call run as another, a line added to a
 * result, a run ended — is a rule with an id, a one-sentence principle, the points it acts at,
 * the facts it reads, and whether it only observes or decides. Rules keep no state of their own:
 * what they need is a fact (`facts/run-facts.ts`), given with every point in `scope.facts`.
 * `rules/dispatch.ts` calls them, in the order of their `priority`, one combination rule a point.
 *
 * Points, in the order a run meets them:
 * - `onStart` — before the first step: a rule may show the model something with the task.
 * - `beforeRequest` — the request is fitted; a rule may choose the reply's schema, edit the
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
import type { ChatMessage, ModelReply, ToolCall } from '../model-types';
import type { Outcome } from '../outcome';
import type { StepScope } from '../step-scope';
import type { AgentSettings } from '../settings';

export type { StepScope } from '../step-scope';

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
  /** The text the rest of the step reads (an earlier rule may have edited it). */
  content: string;
  /** The watcher (by its rule's id) that stopped the reply while it streamed, and what had streamed. */
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
  /**
   * The answer goes back with `notice`; `formatError` counts it as an unparseable reply (L1);
   * `target` says what it went back about (a file), so a rule can bound how often per target.
   */
  | { kind: 'reject'; reason: string; notice: string; formatError?: boolean; target?: string }
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

/** What a rule adds at the start: a notice the model reads with the task, and the files it showed whole. */
export type StartVerdict = void | { notice: string; shown?: string[] };

/** The handlers a rule may have, one a point. Every handler must not throw. */
export interface RulePoints {
  onStart?(scope: StepScope): Promise<StartVerdict>;
  beforeRequest?(request: PendingRequest, scope: StepScope): Promise<RequestVerdict>;
  watchReply?(scope: StepScope): ReplyWatcher | undefined;
  afterReply?(reply: ArrivedReply, scope: StepScope): Promise<ReplyVerdict>;
  beforeFinal?(answer: string, scope: StepScope): Promise<FinalVerdict>;
  /** Refuses a call before it runs: the text is the call's result (failed), and nothing runs. */
  beforeTool?(call: ToolCall, scope: StepScope): Promise<string | undefined>;
  /** A call to run instead of `call`, and the line that says so. */
  rewriteTool?(call: ToolCall, scope: StepScope): Promise<{ call: ToolCall; note: string } | undefined>;
  afterToolResult?(result: ToolResultView, scope: StepScope): string | undefined;
  /** May end the run. */
  afterTools?(round: RoundView, scope: StepScope): Promise<ToolsVerdict> | ToolsVerdict;
  onStop?(outcome: Outcome, scope: Omit<StepScope, 'move'>): Promise<void> | void;
}

/**
 * The facts a rule reads: the task, what it said at the start, the run's calls, answers, checks,
 * the files shown and the states changes left, the workspace itself (a rule that reads files), and
 * the settings and tools of the run.
 */
export const factNames = [
  'task',
  'start',
  'calls',
  'answers',
  'checks',
  'shown',
  'file-states',
  'workspace',
  'settings',
  'tools',
] as const;
export type FactName = (typeof factNames)[number];

/** What a run is, for a rule deciding whether it applies at all. */
export interface RunKind {
  settings: AgentSettings;
  /** Step mode is on (the person pauses the run). */
  stepMode: boolean;
  /** T8: the user set hooks. */
  hooks: boolean;
  /** D1: a delegated child's run (depth above 0). */
  depth: number;
  protocol: string;
}

export interface Rule extends RulePoints {
  /** Kebab-case, unique; notices and events name it. */
  readonly id: string;
  /** One sentence: what it does, as a principle (no task, file or session in it). */
  readonly principle: string;
  /**
   * `core`: part of the harness a pack does not choose (step mode, hooks, the done-check, the
   * stream guards); `pack`: a heuristic a pack lists, and an ablation can take away.
   */
  readonly layer: 'core' | 'pack';
  /** It refuses, sends back, rewrites, changes the reply's schema or ends the run (false: it only adds lines). */
  readonly decides: boolean;
  readonly reads: readonly FactName[];
  /** Its place at every point: lower first. */
  readonly priority: number;
  /** Whether it applies to this run (a setting, step mode, hooks); absent: always. */
  appliesTo?(run: RunKind): boolean;
}

/** The points a rule has handlers for, in the order a run meets them. */
export const rulePoints = [
  'onStart',
  'beforeRequest',
  'watchReply',
  'afterReply',
  'beforeFinal',
  'beforeTool',
  'rewriteTool',
  'afterToolResult',
  'afterTools',
  'onStop',
] as const satisfies readonly (keyof RulePoints)[];

export function pointsOf(rule: Rule): (typeof rulePoints)[number][] {
  return rulePoints.filter((point) => typeof rule[point] === 'function');
}
