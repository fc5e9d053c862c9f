/**
 * S2 + O1: the only place the loop writes state. Every item is appended to the session and made
 * durable through the store before the loop goes on; events go to the sink at once and to the
 * store in batches (token and output chunks only to the sink: the items hold their text).
 */
import type { EventSink, HarnessEvent, HarnessEventBody } from './events';
import type { SessionStore } from './ports';
import { canEditItems } from './ports';
import type { HistoryItem, NewHistoryItem, Session } from './session';
import { sessionMeta } from './session';
import { bounds } from './bounds';
import { clip } from './context/clip';

/** Raised inside the loop when the store cannot keep an item; ends the run with an error. */
export class StoreFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreFailure';
  }
}

const transient = new Set(['model.token', 'tool.output']);

/**
 * Stored events stay small whatever the model sent: long strings inside are clipped (the items keep
 * what the model reads).
 */
function boundedEvent(event: HarnessEvent): HarnessEvent {
  const clipValue = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string')
      return value.length > bounds.eventStringChars ? clip(value, bounds.eventStringChars) : value;
    if (depth > 6 || !value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((entry) => clipValue(entry, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key, clipValue(entry, depth + 1)]),
    );
  };
  return JSON.stringify(event).length > bounds.eventStringChars ? (clipValue(event, 0) as HarnessEvent) : event;
}

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
    if (!transient.has(event.type)) this.pending.push(boundedEvent(event));
    if (!this.sink) return;
    try {
      this.sink(event);
    } catch (error) {
      // A broken listener must not stop the run; it is reported as data instead.
      if (body.type !== 'store.error')
        this.pending.push({
          type: 'store.error',
          message: `event listener failed: ${(error as Error).message}`,
          sessionId: this.session.id,
          at: this.now(),
        });
    }
  }

  /**
   * Before a run: a new session is written whole; a stored one only gets its metadata, and only
   * if nobody else (another tab, another process) added to it since this copy was loaded — a
   * stale copy must never overwrite what is stored (S2, two tabs on one session).
   */
  /** True once begin() found the stored session changed elsewhere: this copy writes nothing. */
  private stale = false;

  async begin(): Promise<void> {
    if (this.saved) return;
    let stored: Session | null;
    try {
      stored = await this.store.load(this.session.id);
    } catch (error) {
      throw new StoreFailure(`could not read session ${this.session.id}: ${(error as Error).message}`);
    }
    if (stored && stored.history.length !== this.session.history.length) {
      this.stale = true;
      throw new StoreFailure(
        `session "${this.session.title}" was changed elsewhere (another tab or ` +
          `process) since it was opened here: ${stored.history.length} items are ` +
          `stored, ${this.session.history.length} here. Reload it to continue; ` +
          `nothing was overwritten.`,
      );
    }
    try {
      if (stored) await this.store.saveMeta(sessionMeta(this.session));
      else await this.store.saveSession(this.session);
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
      throw new StoreFailure(
        `could not save item ${full.seq} of session ${this.session.id}: ${(error as Error).message}`,
      );
    }
    return full;
  }

  /**
   * U3: replaces the text of the newest item (a step-mode edit before it is sent) and stores it
   * again; the item keeps what it said before. Resolves to that original text.
   */
  async editLast(content: string): Promise<string> {
    const last = this.session.history.at(-1);
    if (!last) return '';
    const original = last.edited?.original ?? last.content;
    const edited = { ...last, content, edited: { original } } as HistoryItem;
    this.session.history[this.session.history.length - 1] = edited;
    try {
      if (!canEditItems(this.store)) throw new Error('this store cannot change a stored item');
      await this.store.replaceItem(this.session.id, edited);
    } catch (error) {
      throw new StoreFailure(
        `could not save the edited item ${edited.seq} of session ${this.session.id}: ${(error as Error).message}`,
      );
    }
    return last.content;
  }

  /** Saves metadata and pending events; reports failures as events, never throws. */
  async flush(): Promise<void> {
    // A stale copy was refused in begin(): its memory, title and events must not land on the
    // stored session either (the refusal promised "nothing was overwritten").
    if (this.stale) return;
    const events = this.pending;
    this.pending = [];
    try {
      await this.store.saveMeta(sessionMeta(this.session));
      if (events.length > 0) await this.store.appendEvents(this.session.id, events);
    } catch (error) {
      this.pending = events.concat(this.pending);
      this.emit({
        type: 'store.error',
        message: `could not save session ${this.session.id}: ${(error as Error).message}`,
      });
    }
  }
}
