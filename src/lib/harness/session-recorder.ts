/**
 * S2 + O1: the only place the loop writes state. Every item is appended to the session and made
 * durable through the store before the loop goes on; events go to the sink at once and to the
 * store in batches (token and output chunks only to the sink: the items hold their text).
 */
import type { EventSink, HarnessEvent, HarnessEventBody } from './events';
import type { SessionStore } from './ports';
import type { HistoryItem, NewHistoryItem, Session } from './session';
import { sessionMeta } from './session';

/** Raised inside the loop when the store cannot keep an item; ends the run with an error. */
export class StoreFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreFailure';
  }
}

const transient = new Set(['model.token', 'tool.output']);

export class SessionRecorder {
  private pending: HarnessEvent[] = [];
  private saved = false;

  constructor(
    readonly session: Session,
    private readonly store: SessionStore,
    private readonly sink: EventSink | undefined,
    private readonly now: () => number,
  ) {}

  emit(body: HarnessEventBody): void {
    const event = { ...body, sessionId: this.session.id, at: this.now() } as HarnessEvent;
    if (!transient.has(event.type)) this.pending.push(event);
    if (!this.sink) return;
    try {
      this.sink(event);
    } catch (error) {
      // A broken listener must not stop the run; it is reported as data instead.
      if (body.type !== 'store.error') this.pending.push({ type: 'store.error', message: `event listener failed: ${(error as Error).message}`, sessionId: this.session.id, at: this.now() });
    }
  }

  /** Writes the whole session once, the first time this recorder runs. */
  async begin(): Promise<void> {
    if (this.saved) return;
    try {
      await this.store.saveSession(this.session);
      this.saved = true;
    } catch (error) {
      throw new StoreFailure(`could not save session ${this.session.id}: ${(error as Error).message}`);
    }
  }

  async append(item: NewHistoryItem): Promise<HistoryItem> {
    const full = { ...item, seq: this.session.history.length, at: this.now() } as HistoryItem;
    this.session.history.push(full);
    this.session.updatedAt = full.at;
    this.emit({ type: 'history.appended', item: full });
    try {
      await this.store.appendItem(this.session.id, full);
    } catch (error) {
      throw new StoreFailure(`could not save item ${full.seq} of session ${this.session.id}: ${(error as Error).message}`);
    }
    return full;
  }

  /** Saves metadata and pending events; reports failures as events, never throws. */
  async flush(): Promise<void> {
    const events = this.pending;
    this.pending = [];
    try {
      await this.store.saveMeta(sessionMeta(this.session));
      if (events.length > 0) await this.store.appendEvents(this.session.id, events);
    } catch (error) {
      this.pending = events.concat(this.pending);
      this.emit({ type: 'store.error', message: `could not save session ${this.session.id}: ${(error as Error).message}` });
    }
  }
}
