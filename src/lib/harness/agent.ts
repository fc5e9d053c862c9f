/**
 * The loop: assemble the prompt, ask the model, turn the reply into checked actions, run them,
 * record everything, decide when to stop (L1, L2). Each concern lives in its own part; this
 * file only orders them. `run` never throws: every failure ends in a typed outcome.
 */
import type { EventSink, HarnessEventBody } from './events';
import type { Approver, ChatMessage, ModelClient, ModelInfo, ModelError, ReadonlyWorkspace, RepoContext, SessionStore, Workspace } from './ports';
import type { Outcome, Usage } from './outcome';
import { emptyUsage } from './outcome';
import type { AgentSettings, Protocol } from './settings';
import { defaultSettings } from './settings';
import type { Session } from './session';
import { createSession } from './session';
import type { AnyTool } from './tools/tool-definition';
import type { TaskStore } from './tasks/task-types';
import type { RetryPolicy } from './recovery/retry-policy';
import { defaultRetryPolicy } from './recovery/retry-policy';
import type { HistoryBudgets } from './context/history-renderer';
import { HistoryRenderer } from './context/history-renderer';
import { SessionRecorder, StoreFailure } from './session-recorder';
import { runLoop } from './run-loop';
import { TemplateError } from './prompt/template';
import { isWritable } from './workspace-views';

export interface AgentOptions {
  model: ModelClient;
  /** The model name sent to the server. */
  modelName: string;
  workspace: Workspace | ReadonlyWorkspace;
  store: SessionStore;
  approver?: Approver;
  settings?: AgentSettings;
  /** An existing session to continue (S2); a new one is made otherwise. */
  session?: Session;
  onEvent?: EventSink;
  /** Delegation depth of this agent; 0 for the top level. */
  depth?: number;
  /** More tools (tasks, git) from other parts of the app. */
  extraTools?: AnyTool[];
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
  /**
   * Awaited after every step that ran tools, before the next model call: where the app makes the
   * step's effects durable too (e.g. a workspace snapshot). A rejection becomes a notice.
   */
  afterStep?: (info: { step: number; changedFiles: boolean }) => Promise<void>;
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

export class Agent {
  readonly session: Session;
  private renderer: HistoryRenderer | undefined;
  private protocol: Protocol | undefined;
  private modelInfo: ModelInfo | undefined;
  private running = false;

  constructor(readonly options: AgentOptions) {
    const settings = options.settings ?? options.session?.settings ?? defaultSettings();
    const description = options.workspace.describe();
    this.session =
      options.session ??
      createSession({ model: options.modelName, settings, workspace: { backend: description.backend, label: description.label }, now: options.now?.() });
    this.session.settings = settings;
  }

  get depth(): number {
    return this.options.depth ?? 0;
  }

  /** T6: the session's choice, or for "auto" what the server says the model can do. */
  private async resolveProtocol(recorder: SessionRecorder): Promise<Protocol> {
    const choice = this.session.settings.protocol;
    if (choice !== 'auto') {
      if (this.protocol !== choice) recorder.emit({ type: 'protocol.selected', protocol: choice, reason: 'chosen in the session settings' });
      return choice;
    }
    if (this.protocol) return this.protocol;
    const info = this.options.model.describe ? await this.options.model.describe(this.session.model) : undefined;
    if (info && 'capabilities' in info) {
      this.modelInfo = info;
      const native = info.capabilities.includes('tools');
      const protocol: Protocol = native ? 'native' : 'text';
      recorder.emit({ type: 'protocol.selected', protocol, reason: native ? `${info.name} lists the "tools" capability` : `${info.name} does not list "tools"; using the text protocol` });
      return protocol;
    }
    const why = info ? (info as ModelError).message : 'the model client cannot describe models';
    recorder.emit({ type: 'protocol.selected', protocol: 'text', reason: `capabilities unknown (${why}); using the text protocol` });
    return 'text';
  }

  async repoContext(): Promise<RepoContext> {
    try {
      return await this.options.workspace.repoContext();
    } catch (error) {
      return { cwd: '.', repository: false, repoRoot: '.', branch: '', defaultBranch: '', status: '', recentCommits: [], docs: [], note: `repo context failed: ${(error as Error).message}` };
    }
  }

  /**
   * Runs one user turn to an outcome. An empty task continues an interrupted session. Aborting
   * `signal` stops the model request and kills the running command.
   */
  async run(task: string, runOptions: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const now = this.options.now ?? Date.now;
    const recorder = new SessionRecorder(this.session, this.options.store, this.options.onEvent, now);
    if (this.running) {
      return { outcome: { kind: 'error', error: { kind: 'internal', message: 'this session is already running' } }, session: this.session, usage: emptyUsage(), steps: 0 };
    }
    this.running = true;
    const controller = new AbortController();
    const stopReason = { kind: 'user' as 'user' | 'time' };
    const onAbort = () => controller.abort();
    runOptions.signal?.addEventListener('abort', onAbort, { once: true });
    if (runOptions.signal?.aborted) controller.abort();
    const maxSeconds = this.session.settings.limits.maxSeconds;
    const timer = maxSeconds > 0 ? setTimeout(() => ((stopReason.kind = 'time'), controller.abort()), maxSeconds * 1000) : undefined;
    const usage = emptyUsage();
    let steps = 0;
    let outcome: Outcome;
    let protocol: Protocol | undefined;
    const emit = (body: HarnessEventBody) => recorder.emit(body);
    try {
      await recorder.begin();
      protocol = await this.resolveProtocol(recorder);
      if (!this.renderer || this.protocol !== protocol) this.renderer = new HistoryRenderer(protocol, this.options.budgets);
      this.protocol = protocol;
      const result = await runLoop({
        agent: this,
        task,
        protocol,
        recorder,
        renderer: this.renderer,
        signal: controller.signal,
        stopReason,
        usage,
        modelInfo: this.modelInfo,
        retryPolicy: this.options.retryPolicy ?? defaultRetryPolicy,
        writable: isWritable(this.options.workspace),
      });
      outcome = result.outcome;
      steps = result.steps;
    } catch (error) {
      outcome = failureOutcome(error);
    } finally {
      if (timer) clearTimeout(timer);
      runOptions.signal?.removeEventListener('abort', onAbort);
      this.running = false;
    }
    emit({ type: 'run.finished', outcome, usage, steps });
    await recorder.flush();
    return { outcome, session: this.session, usage, steps, protocol };
  }
}

function failureOutcome(error: unknown): Outcome {
  if (error instanceof StoreFailure) return { kind: 'error', error: { kind: 'store', message: error.message } };
  if (error instanceof TemplateError) return { kind: 'error', error: { kind: 'prompt', message: error.message } };
  return { kind: 'error', error: { kind: 'internal', message: `internal error: ${(error as Error)?.message ?? String(error)}` } };
}

export type { ChatMessage };
