/**
 * Turns the harness's events into transcript entries (U1, O1). Pure and incremental: the UI
 * feeds every event through `apply` and renders `view()`; nothing else reaches the transcript.
 * Replies are kept verbatim (U4: what the model said, not a rendering of it).
 */
import { outcomeText, shortReason } from './outcome-text';
import type { EventOf, HarnessEvent } from '../harness/events';
import type { AssistantItem, HistoryItem, NoticeItem, ToolItem } from '../harness/session';
import type { StepStats, TranscriptEntry } from './transcript-entry';
import { lineOf } from './transcript-lines';
import { StepBook } from './step-book';

type ToolCard = Extract<TranscriptEntry, { kind: 'tool' }>;
/** Where an item came from: a live event, the stored history, or the session this one was forked from. */
type Origin = 'event' | 'history' | 'inherited';
export type { StepStats, TranscriptEntry } from './transcript-entry';
export { itemsBeforeEvents } from './transcript-entry';

/** Streamed tool output kept per card: the tail, where the news is (C1 for the page). */
const outputChars = 64_000;

export class TranscriptModel {
  entries: TranscriptEntry[] = [];
  /** Per-step statistics (step-book.ts). */
  private readonly book = new StepBook();
  /** The raw text of the latest reply, for the inspector. */
  rawOutput = '';
  private counter = 0;
  /** Tool calls that worked in the current run. */
  private worked = 0;
  private readonly dirty = new Set<TranscriptEntry>();
  private readonly views = new WeakMap<TranscriptEntry, TranscriptEntry>();
  private readonly toolCards = new Map<string, ToolCard>();
  private readonly awaitingResult: ToolCard[] = [];
  private streaming: Extract<TranscriptEntry, { kind: 'assistant' }> | undefined;
  private lastRetry: Extract<TranscriptEntry, { kind: 'retry' }> | undefined;
  /** Items already in the transcript, by position, so a rebuild adds only what events missed. */
  private readonly seen = new Set<number>();

  constructor(private readonly sessionId: string) {}

  private id(): string {
    return `${this.sessionId}-${++this.counter}`;
  }

  get steps(): StepStats[] {
    return this.book.steps;
  }

  private number(runStep: number): number {
    return this.book.number(runStep);
  }

  /** Entries as immutable views: a changed entry is a new object, the others are reused. */
  view(): TranscriptEntry[] {
    const result = this.entries.map((entry) => {
      let view = this.views.get(entry);
      if (!view || this.dirty.has(entry)) {
        view = { ...entry } as TranscriptEntry;
        this.views.set(entry, view);
      }
      return view;
    });
    this.dirty.clear();
    return result;
  }

  stepsView(): StepStats[] {
    return this.steps.map((step) => ({ ...step }));
  }

  private touch<T extends TranscriptEntry>(entry: T): T {
    this.dirty.add(entry);
    return entry;
  }

  private push(entry: TranscriptEntry): boolean {
    if (entry.kind !== 'retry') this.lastRetry = undefined;
    this.entries.push(entry);
    return true;
  }

  /**
   * S2: items stored without their events (a reload mid-step, an import without events, a fork's
   * copy of its parent's history) still belong in the transcript: each item not yet shown is
   * added, in order. `inherited`: they ran in the session this one was forked from.
   */
  ensureItems(history: readonly HistoryItem[], origin: 'history' | 'inherited' = 'history'): boolean {
    let changed = false;
    for (const item of history) if (!this.seen.has(item.seq)) changed = this.item(item, origin) || changed;
    return changed;
  }

  private endStreaming(): void {
    if (!this.streaming) return;
    this.touch(this.streaming).streaming = false;
    this.streaming = undefined;
  }

  private item(item: HistoryItem, origin: Origin = 'event'): boolean {
    this.seen.add(item.seq);
    const inherited = origin === 'inherited' ? { inherited: true } : {};
    switch (item.kind) {
      case 'user':
        return this.push({
          id: this.id(),
          kind: 'user',
          text: item.content,
          seq: item.seq,
          ...(item.edited ? { edited: true } : {}),
          ...inherited,
        });
      case 'assistant':
        return this.assistantItem(item, inherited);
      case 'notice':
        return this.noticeItem(item, inherited);
      case 'tool':
        return this.toolItem(item, origin, inherited);
    }
  }

  private assistantItem(item: AssistantItem, inherited: { inherited?: boolean }): boolean {
    // The raw reply, also for a session opened from storage (no streamed tokens were kept);
    // an edited reply's raw text is what the model said.
    this.rawOutput =
      (item.edited?.original ?? item.content) + (item.toolCalls?.length ? `\n${JSON.stringify(item.toolCalls)}` : '');
    const extra = {
      ...(item.toolCalls?.length ? { toolCalls: item.toolCalls } : {}),
      ...(item.edited ? { edited: item.edited } : {}),
      seq: item.seq,
      ...inherited,
    };
    if (this.streaming) {
      Object.assign(this.touch(this.streaming), { text: item.content, streaming: false }, extra);
      this.streaming = undefined;
      return true;
    }
    return this.push({
      id: this.id(),
      kind: 'assistant',
      text: item.content,
      streaming: false,
      step: this.steps.at(-1)?.step ?? 0,
      ...extra,
    });
  }

  private noticeItem(item: NoticeItem, inherited: { inherited?: boolean }): boolean {
    // Sessions recorded before the files the task names were noticed at step 1 carry that
    // notice twice, as a step-0 event and as the item right after it: shown once.
    const last = this.entries.at(-1);
    if (last?.kind === 'notice' && last.seq === undefined && last.reason === item.reason && last.text === item.content)
      this.entries.pop();
    return this.push({
      id: this.id(),
      kind: 'notice',
      reason: item.reason,
      text: item.content,
      seq: item.seq,
      ...inherited,
    });
  }

  private toolItem(item: ToolItem, origin: Origin, inherited: { inherited?: boolean }): boolean {
    const child = item.childSessionId ? { childSessionId: item.childSessionId } : {};
    const index = this.awaitingResult.findIndex((card) => card.tool === item.name);
    if (index !== -1) {
      const [card] = this.awaitingResult.splice(index, 1);
      Object.assign(this.touch(card), {
        result: item.content,
        status: item.ok ? 'ok' : 'failed',
        seq: item.seq,
        ...child,
      });
      return true;
    }
    // Live, a result with no card was refused before it ran (invalid, denied, repeated). From the
    // history alone that cannot be told apart: the card says what the result says.
    return this.push({
      id: this.id(),
      kind: 'tool',
      step: 0,
      tool: item.name,
      args: item.args,
      status: origin === 'event' ? 'refused' : item.ok ? 'ok' : 'failed',
      ...inherited,
      result: item.content,
      output: '',
      seq: item.seq,
      ...child,
    });
  }

  /** Applies one event; returns true when the visible transcript changed. */
  apply(event: HarnessEvent): boolean {
    // A delegated child's own events stay in its transcript; the parent shows a summary card.
    if (event.sessionId !== this.sessionId) return false;
    this.book.apply(event);
    if (event.type === 'context.truncated' || event.type === 'model.error') this.endStreaming();
    // U3: the message edited at a pause reads as edited where it stands (the line below says so too).
    if (event.type === 'step.edited' && event.seq !== undefined) this.editItem(event.seq, event.after);
    const line = lineOf(event, `${this.sessionId}-${this.counter + 1}`);
    if (line) {
      this.counter++;
      return this.push(line);
    }
    switch (event.type) {
      case 'history.appended':
        return this.item(event.item);
      case 'model.token':
        return this.token(event);
      case 'response.done':
        this.rawOutput = this.streaming?.text ?? this.rawOutput;
        if (this.streaming) this.touch(this.streaming);
        return Boolean(this.streaming);
      case 'tool.started':
        return this.toolStarted(event);
      case 'tool.output':
        return this.toolOutput(event);
      case 'tool.finished':
        return this.toolFinished(event);
      case 'retry':
        return this.retry(event);
      case 'model.error':
        return true;
      case 'notice':
        // Step 0: said while the run was set up (docs clipped, a fork that cannot send its parent's
        // request); it is no history item, so this is its only place in the transcript.
        if (event.step !== 0) return false;
        return this.push({ id: this.id(), kind: 'notice', reason: event.reason, text: event.text });
      case 'run.started':
        this.worked = 0;
        return false;
      case 'run.finished':
        return this.finished(event);
      default:
        return false;
    }
  }

  private token(event: EventOf<'model.token'>): boolean {
    if (!this.streaming) {
      this.streaming = { id: this.id(), kind: 'assistant', text: '', streaming: true, step: this.number(event.step) };
      this.push(this.streaming);
    }
    this.touch(this.streaming).text += event.text;
    return true;
  }

  private toolStarted(event: EventOf<'tool.started'>): boolean {
    const card: ToolCard = {
      id: this.id(),
      kind: 'tool',
      step: this.number(event.step),
      tool: event.tool,
      args: event.args,
      status: 'running',
      output: '',
    };
    this.toolCards.set(event.callId, card);
    return this.push(card);
  }

  private toolOutput(event: EventOf<'tool.output'>): boolean {
    const card = this.toolCards.get(event.callId);
    if (!card) return false;
    const output = card.output + event.chunk;
    this.touch(card).output = output.length > outputChars ? `…${output.slice(output.length - outputChars)}` : output;
    return true;
  }

  private toolFinished(event: EventOf<'tool.finished'>): boolean {
    if (event.ok) this.worked++;
    const card = this.toolCards.get(event.callId);
    if (!card) return false;
    this.touch(card).durationMs = event.durationMs;
    if (event.exitCode !== undefined) card.exitCode = event.exitCode;
    this.toolCards.delete(event.callId);
    // The result text arrives with the history item; the card stays "running" until then.
    this.awaitingResult.push(card);
    return true;
  }

  private finished(event: EventOf<'run.finished'>): boolean {
    this.endStreaming();
    // O4's rule, shown: a final answer with no tool that worked is the model's word alone.
    const nothingDone = event.outcome.kind === 'final' && this.worked === 0;
    return this.push({
      id: this.id(),
      kind: 'outcome',
      outcome: event.outcome,
      text: outcomeText(event.outcome, event.steps, event.usage.totalTokens, nothingDone),
      ...(nothingDone ? { nothingDone } : {}),
    });
  }

  private editItem(seq: number, text: string): void {
    const entry = this.entries.findLast((candidate) => 'seq' in candidate && candidate.seq === seq);
    if (entry?.kind === 'user') Object.assign(this.touch(entry), { text, edited: true });
    else if (entry?.kind === 'notice') this.touch(entry).text = text;
    else if (entry?.kind === 'tool') this.touch(entry).result = text;
  }

  /** One line for a run of retries, not one paragraph each (the first says why). */
  private retry(event: Extract<HarnessEvent, { type: 'retry' }>): boolean {
    const delay = event.delayMs ? ` in ${(event.delayMs / 1000).toFixed(1)} s` : '';
    if (this.lastRetry && this.entries.at(-1) === this.lastRetry) {
      const retry = this.touch(this.lastRetry);
      retry.count++;
      retry.text = retry.text.replace(/^Retry \d+/, `Retry ${event.attempt}`).replace(/ in [\d.]+ s/, delay);
      return true;
    }
    this.push({
      id: this.id(),
      kind: 'retry',
      count: 1,
      text: `Retry ${event.attempt}${delay}: ${shortReason(event.reason)}`,
    });
    this.lastRetry = this.entries.at(-1) as Extract<TranscriptEntry, { kind: 'retry' }>;
    return true;
  }
}
