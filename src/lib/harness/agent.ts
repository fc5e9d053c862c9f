/**
 * The public surface of the harness: an Agent runs one user turn at a time to a typed outcome
 * (L2) and never throws. The loop itself lives in run-loop.ts and its parts.
 */
import type { AgentOptions, RunResult } from './agent-options';
import type { ModelError, ModelInfo, WarmResult } from './model-types';
import { warmRequest } from './warm-request';
import type { Outcome } from './outcome';
import { emptyUsage } from './outcome';
import type { Protocol } from './settings';
import { defaultSettings } from './settings';
import type { Session } from './session';
import { createSession } from './session';
import { defaultRetryPolicy } from './recovery/retry-policy';
import { HistoryRenderer } from './context/history-renderer';
import { SessionRecorder, StoreFailure } from './session-recorder';
import { runLoop } from './run-loop';
import { packOf, rulesFor } from './rule-packs';
import { timeLimit } from './step-scope';
import type { LoopContext } from './loop-context';
import { RunState } from './run-state';
import { TemplateError } from './prompt/template';
import { autoProtocol } from './auto-protocol';

export type { AgentOptions, RunResult } from './agent-options';

export class Agent {
  readonly session: Session;
  private renderer: HistoryRenderer | undefined;
  private protocol: Protocol | undefined;
  private modelInfo: ModelInfo | ModelError | undefined;
  private running = false;

  constructor(readonly options: AgentOptions) {
    const settings = options.settings ?? options.session?.settings ?? defaultSettings();
    const description = options.workspace.describe();
    this.session =
      options.session ??
      createSession({
        model: options.modelName,
        settings,
        workspace: { backend: description.backend, label: description.label },
        now: options.now?.(),
      });
    this.session.settings = settings;
  }

  get depth(): number {
    return this.options.depth ?? 0;
  }

  /** Capabilities and context length, asked once per agent (both T6 and C3 need them). */
  private async describeModel(signal: AbortSignal): Promise<ModelInfo | ModelError | undefined> {
    if (this.modelInfo === undefined && this.options.model.describe) {
      const info = await this.options.model.describe(this.session.model, signal);
      // A read the user stopped says nothing about the model: ask again next run.
      if (signal.aborted) return info;
      this.modelInfo = info;
    }
    return this.modelInfo;
  }

  /** T6: the session's choice, or for "auto" what the server says the model can do. */
  private async resolveProtocol(
    recorder: SessionRecorder,
    info: ModelInfo | ModelError | undefined,
  ): Promise<Protocol> {
    const choice = this.session.settings.protocol;
    if (choice !== 'auto') {
      if (this.protocol !== choice)
        recorder.emit({ type: 'protocol.selected', protocol: choice, reason: 'chosen in the session settings' });
      return choice;
    }
    if (this.protocol) return this.protocol;
    const chosen = autoProtocol(
      this.session.settings.profile,
      info && 'capabilities' in info
        ? { known: true, ...info }
        : { known: false, why: info ? info.message : 'the model client cannot describe models' },
    );
    recorder.emit({ type: 'protocol.selected', ...chosen });
    return chosen.protocol;
  }

  private loopContext(parts: {
    task: string;
    protocol: Protocol;
    info: ModelInfo | ModelError | undefined;
    recorder: SessionRecorder;
    state: RunState;
    signal: AbortSignal;
  }): LoopContext {
    const { info, ...rest } = parts;
    return {
      ...rest,
      options: this.options,
      session: this.session,
      depth: this.depth,
      ...(info && 'capabilities' in info ? { modelInfo: info } : {}),
      renderer: this.renderer ?? new HistoryRenderer(parts.protocol, this.options.budgets),
      retryPolicy: this.options.retryPolicy ?? defaultRetryPolicy,
      spawn: (options) => new Agent(options),
    };
  }

  /**
   * P2: sends the server the stable prefix the next run's first request starts with — the same
   * system message, tool declarations and context window — so that its KV cache holds them when
   * Run is pressed and the first step reads only what follows. Reads what a run reads (the model,
   * the repository, skills, memory) and records nothing in the session. Undefined when the
   * client cannot warm a server, or a run is going on.
   */
  async warm(signal: AbortSignal = new AbortController().signal): Promise<WarmResult | undefined> {
    const client = this.options.model;
    if (!client.warm || this.running) return undefined;
    // A recorder whose events go nowhere: a warm-up is not part of the session's story.
    const recorder = new SessionRecorder(this.session, this.options.store, undefined, this.options.now ?? Date.now);
    const info = await this.describeModel(signal);
    const protocol = await this.resolveProtocol(recorder, info);
    const state = new RunState(this.session.settings.limits, emptyUsage());
    const context = this.loopContext({ task: '', protocol, info, recorder, state, signal });
    try {
      const request = await warmRequest(context);
      if (signal.aborted) return { ok: false, error: { kind: 'aborted', retryable: false, message: 'stopped' } };
      const warmed = await client.warm({ ...request, signal });
      // A warm-up is often the only cold read before a run: its rate calibrates the run's meter.
      if (warmed.ok) state.serverReuse.measure(warmed.stats, request.model);
      return warmed;
    } catch (error) {
      // The prompt could not be made (a template error): the run will say so; the warm-up is skipped.
      return { ok: false, error: { kind: 'bad_reply', retryable: false, message: (error as Error).message } };
    }
  }

  /**
   * Runs one user turn to an outcome. An empty task continues an interrupted session. Aborting
   * `signal` stops the model request and kills the running command.
   */
  async run(task: string, runOptions: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const now = this.options.now ?? Date.now;
    const recorder = new SessionRecorder(this.session, this.options.store, this.options.onEvent, now);
    const usage = emptyUsage();
    if (this.running) {
      return {
        outcome: { kind: 'error', error: { kind: 'internal', message: 'this session is already running' } },
        session: this.session,
        usage,
        steps: 0,
      };
    }
    this.running = true;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    runOptions.signal?.addEventListener('abort', onAbort, { once: true });
    if (runOptions.signal?.aborted) controller.abort();
    const maxSeconds = this.session.settings.limits.maxSeconds;
    const timer = maxSeconds > 0 ? setTimeout(() => controller.abort(timeLimit), maxSeconds * 1000) : undefined;
    const state = new RunState(this.session.settings.limits, usage);
    let outcome: Outcome;
    let protocol: Protocol | undefined;
    try {
      await recorder.begin();
      const info = await this.describeModel(controller.signal);
      protocol = await this.resolveProtocol(recorder, info);
      if (!this.renderer || this.protocol !== protocol)
        this.renderer = new HistoryRenderer(protocol, this.options.budgets);
      this.protocol = protocol;
      const context = this.loopContext({ task, protocol, info, recorder, state, signal: controller.signal });
      if (maxSeconds > 0) context.deadline = Date.now() + maxSeconds * 1000;
      // Stopped while the model was being described, the loop records the task and ends at once.
      outcome = (await runLoop(context, (run) => ({ pack: packOf(run.settings), rules: rulesFor(run) }))).outcome;
    } catch (error) {
      outcome = failureOutcome(error);
    } finally {
      if (timer) clearTimeout(timer);
      runOptions.signal?.removeEventListener('abort', onAbort);
      this.running = false;
    }
    recorder.emit({ type: 'run.finished', outcome, usage, steps: state.steps });
    await recorder.flush();
    return { outcome, session: this.session, usage, steps: state.steps, protocol };
  }
}

function failureOutcome(error: unknown): Outcome {
  if (error instanceof StoreFailure) return { kind: 'error', error: { kind: 'store', message: error.message } };
  if (error instanceof TemplateError) return { kind: 'error', error: { kind: 'prompt', message: error.message } };
  return {
    kind: 'error',
    error: { kind: 'internal', message: `internal error: ${(error as Error)?.message ?? String(error)}` },
  };
}
