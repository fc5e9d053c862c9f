/**
 * Runs in the page: one Agent per run over the session object the page holds (so renames and
 * settings never detach it), the single-writer lease, stop, and the live transcript built from
 * the run's events. Nothing here outlives a run except the transcript and the step statistics.
 */
import type { AgentOptions } from '../harness/agent';
import type { HarnessEvent } from '../harness/events';
import type { Outcome } from '../harness/outcome';
import type { Session } from '../harness/session';
import type { SessionStore } from '../harness/ports';
import { hasLeases } from '../store/store-capabilities';
import { TranscriptModel, itemsBeforeEvents } from './transcript-model';
import type { StepStats, TranscriptEntry } from './transcript-model';
import { idleActivity, trackActivity } from './server-activity';
import type { ActivityTracker, ServerActivity } from './server-activity';

export interface PromptSection {
  name: string;
  text: string;
  edited: boolean;
}

/** How long a lease lives between renewals (the store's lease outlives one missed renewal). */
const leaseRenewMs = 5000;

/**
 * The loop loads with the first run (or warm-up): the first screen does not need it. A failed
 * load (a new deploy, the network gone) is its own outcome, not a store error.
 */
async function loadAgent(): Promise<typeof import('../harness/agent').Agent | Outcome> {
  try {
    return (await import('../harness/agent')).Agent;
  } catch (error) {
    const message =
      `The agent loop could not load (${(error as Error).message}): the page may have been updated or ` +
      'gone offline since it opened. Reload the page; the session and its files are kept.';
    return { kind: 'error', error: { kind: 'internal', message } };
  }
}

export class RunController {
  running = $state(false);
  /** The open session stopped mid-run (crash, reload): it can be resumed. */
  interrupted = $state(false);
  transcript = $state.raw<TranscriptEntry[]>([]);
  steps = $state.raw<StepStats[]>([]);
  rawOutput = $state('');
  prefix = $state.raw<PromptSection[]>([]);
  /** Every event of the open session, for the inspector, slot view and replay. */
  events = $state.raw<HarnessEvent[]>([]);
  /** What the run waits on now (the server reading, the model writing, a tool), for the live line. */
  activity = $state.raw<ServerActivity>(idleActivity.activity);
  private tracker: ActivityTracker = idleActivity;
  private model: TranscriptModel | undefined;
  private controller: AbortController | undefined;
  private sessionId: string | undefined;
  private pendingEvents: HarnessEvent[] = [];
  private flushScheduled = false;

  /**
   * Shows a session: the items from before its first event (a fork's copy of its parent's
   * history, an import), its stored events, then any item they miss (S2: a reload mid-step).
   */
  show(session: Session, events: HarnessEvent[]): void {
    this.sessionId = session.id;
    this.model = new TranscriptModel(session.id);
    this.prefix = [];
    this.tracker = idleActivity;
    this.activity = idleActivity.activity;
    const before = itemsBeforeEvents(session.history, events, session.id);
    this.model.ensureItems(before, session.forkOf ? 'inherited' : 'history');
    for (const event of events) this.consume(event);
    this.model.ensureItems(session.history);
    this.events = events.slice();
    this.refresh();
    const lastStart = events.findLastIndex((event) => event.type === 'run.started' && event.sessionId === session.id);
    const lastEnd = events.findLastIndex((event) => event.type === 'run.finished' && event.sessionId === session.id);
    const lastItem = session.history.at(-1);
    // Interrupted: a run started and never finished, or items exist that no finished run explains.
    this.interrupted =
      session.history.length > 0 && (lastStart > lastEnd || (lastEnd === -1 && lastItem?.kind !== 'assistant'));
  }

  private consume(event: HarnessEvent): boolean {
    if (event.type === 'prompt.assembled' && event.prefix && event.sessionId === this.sessionId)
      this.prefix = event.prefix;
    return this.model?.apply(event) ?? false;
  }

  /** Events arrive many a millisecond while streaming; the view is refreshed once a frame. */
  observe(event: HarnessEvent): void {
    if (event.sessionId !== this.sessionId) return;
    if (event.type !== 'model.token' && event.type !== 'tool.output') this.pendingEvents.push(event);
    this.consume(event);
    this.tracker = trackActivity(this.tracker, event, Date.now());
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const flush = () => {
      this.flushScheduled = false;
      if (this.pendingEvents.length) this.events = [...this.events, ...this.pendingEvents.splice(0)];
      this.refresh();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    else queueMicrotask(flush);
  }

  private refresh(): void {
    if (!this.model) return;
    this.transcript = this.model.view();
    this.steps = this.model.stepsView();
    this.rawOutput = this.model.rawOutput;
    if (this.tracker.activity !== this.activity) this.activity = this.tracker.activity;
  }

  /**
   * Runs one turn on `session` with a fresh Agent (an empty task resumes). Resolves to the outcome,
   * or to a store error when another tab holds the session.
   */
  async run(
    session: Session,
    task: string,
    options: Omit<AgentOptions, 'session' | 'onEvent'> & {
      store: SessionStore;
      onEvent?: (event: HarnessEvent) => void;
    },
  ): Promise<Outcome> {
    if (this.running) return { kind: 'error', error: { kind: 'internal', message: 'a run is already going' } };
    this.controller = new AbortController();
    this.running = true;
    const store = options.store;
    let lease: ReturnType<typeof setInterval> | undefined;
    try {
      const Agent = await loadAgent();
      if (typeof Agent !== 'function') return Agent;
      if (hasLeases(store)) {
        await store.acquire(session.id);
        lease = setInterval(() => void store.acquire(session.id).catch(() => undefined), leaseRenewMs);
      }
      const agent = new Agent({
        ...options,
        session,
        onEvent: (event) => {
          this.observe(event);
          options.onEvent?.(event);
        },
      });
      const result = await agent.run(task, { signal: this.controller.signal });
      this.interrupted = false;
      return result.outcome;
    } catch (error) {
      return { kind: 'error', error: { kind: 'store', message: (error as Error).message } };
    } finally {
      if (lease) clearInterval(lease);
      this.tracker = idleActivity;
      this.activity = idleActivity.activity;
      if (hasLeases(store)) await store.release(session.id).catch(() => undefined);
      this.running = false;
      this.controller = undefined;
    }
  }

  stop(): void {
    this.controller?.abort();
  }
}
