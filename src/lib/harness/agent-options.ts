/** What an Agent is built from (see agent.ts); in its own file so that parts can name it without a cycle. */
import type { EventSink } from './events';
import type { ModelClient, ModelInfo } from './model-types';
import type { ReadonlyWorkspace, Workspace } from './workspace-types';
import type { Approver, SessionStore } from './ports';
import type { Outcome, Usage } from './outcome';
import type { AgentSettings, Protocol } from './settings';
import type { Session } from './session';
import type { AnyTool } from './tools/tool-definition';
import type { ShellAnalyzer } from './tools/shell-rules';
import type { TaskStore } from './tasks/task-types';
import type { RetryPolicy } from './recovery/retry-policy';
import type { HistoryBudgets } from './context/history-renderer';
import type { StepGate } from './step-gate';

export interface AgentOptions {
  model: ModelClient;
  /** The model name sent to the server. */
  modelName: string;
  workspace: Workspace | ReadonlyWorkspace;
  store: SessionStore;
  approver?: Approver;
  /**
   * The settings to run with. T7: they come from the caller (command line, page settings), never
   * from a stored session alone; see `withTrustedSafety`.
   */
  settings?: AgentSettings;
  /** An existing session to continue (S2); a new one is made otherwise. */
  session?: Session;
  onEvent?: EventSink;
  /** Delegation depth of this agent; 0 for the top level. */
  depth?: number;
  /** More tools (tasks, git) from other parts of the app. */
  extraTools?: AnyTool[];
  /** T4: a real shell parser for the command rules; without one nothing is auto-allowed. */
  analyzeShell?: ShellAnalyzer;
  retryPolicy?: RetryPolicy;
  budgets?: HistoryBudgets;
  /** Characters a tool result keeps (C1). */
  toolOutputChars?: number;
  /** W1: how the app chose the workspace backend; reported as an event at the start of runs. */
  workspaceChoice?: { reason: string };
  /** K: the workspace's persistent task graph; adds the task tools and the tasks section. */
  tasks?: TaskStore;
  /** S5: the per-workspace memory file the prompt includes when present ("" turns it off). */
  memoryFile?: string;
  /** U3: pauses before model and tool calls (step mode); absent, the loop never waits. */
  stepGate?: StepGate;
  /**
   * Awaited after every step that ran tools, before the next model call: where the app makes the
   * step's effects durable too (e.g. a workspace snapshot). A rejection becomes a notice.
   */
  afterStep?: (info: { step: number; changedFiles: boolean }) => Promise<void>;
  /** Awaited once before the first tool of a run changes anything (a baseline checkpoint). */
  beforeFirstChange?: () => Promise<void>;
  now?: () => number;
  random?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<boolean>;
}

export interface RunResult {
  outcome: Outcome;
  session: Session;
  usage: Usage;
  steps: number;
  protocol?: Protocol;
}

/** What the loop needs to know about the model before the first request. */
export interface ModelFacts {
  info?: ModelInfo;
}
