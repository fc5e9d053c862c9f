/**
 * Turns the harness's events into transcript entries (U1, O1). Pure and incremental: the UI
 * feeds every event through `apply` and renders `entries`; nothing else reaches the transcript.
 */
import type { HarnessEvent } from '../harness/events';
import type { Outcome } from '../harness/outcome';
import type { ReplyStats } from '../harness/ports';

export type TranscriptEntry =
  | { id: string; kind: 'user'; text: string }
  | { id: string; kind: 'assistant'; text: string; streaming: boolean; step: number }
  | {
      id: string;
      kind: 'tool';
      step: number;
      tool: string;
      args: Record<string, unknown>;
      status: 'running' | 'ok' | 'failed' | 'refused';
      result?: string;
      durationMs?: number;
      exitCode?: number;
      output: string;
    }
  | { id: string; kind: 'notice'; reason: string; text: string }
  | { id: string; kind: 'retry'; text: string }
  | { id: string; kind: 'compaction'; text: string }
  | { id: string; kind: 'approval'; text: string; approved: boolean }
  | { id: string; kind: 'outcome'; outcome: Outcome; text: string }
  | { id: string; kind: 'delegate'; text: string; childSessionId: string };

export interface StepStats {
  step: number;
  model: string;
  promptChars: number;
  reusedChars: number;
  stats?: ReplyStats;
  parse?: string;
  validation?: string;
}

export class TranscriptModel {
  entries: TranscriptEntry[] = [];
  steps: StepStats[] = [];
  /** The raw text of the latest reply, for the inspector. */
  rawOutput = '';
  private counter = 0;
  /** Entries changed since the last view; the UI gets fresh objects only for those. */
  private readonly dirty = new Set<TranscriptEntry>();
  private readonly views = new WeakMap<TranscriptEntry, TranscriptEntry>();
  private readonly toolCards = new Map<string, Extract<TranscriptEntry, { kind: 'tool' }>>();
  /** Cards whose tool finished, waiting for the (clipped) result the history item carries. */
  private readonly awaitingResult: Extract<TranscriptEntry, { kind: 'tool' }>[] = [];
  private streaming: Extract<TranscriptEntry, { kind: 'assistant' }> | undefined;

  constructor(private readonly sessionId: string) {}

  private id(): string {
    return `${this.sessionId}-${++this.counter}`;
  }

  private step(step: number): StepStats {
    let stats = this.steps.find((entry) => entry.step === step && entry === this.steps.at(-1));
    if (!stats) {
      stats = { step, model: '', promptChars: 0, reusedChars: 0 };
      this.steps.push(stats);
    }
    return stats;
  }

  /**
   * The entries as immutable views: an entry that changed since the last call is a new object,
   * the others are the same objects as before, so a keyed list re-renders only what changed.
   */
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

  /** Applies one event; returns true when the visible transcript changed. */
  apply(event: HarnessEvent): boolean {
    return this.applyEvent(event);
  }

  private touch<T extends TranscriptEntry>(entry: T): T {
    this.dirty.add(entry);
    return entry;
  }

  private applyEvent(event: HarnessEvent): boolean {
    // A delegated child's own events stay in its transcript; the parent shows a summary card.
    if (event.sessionId !== this.sessionId) return false;
    switch (event.type) {
      case 'history.appended': {
        const item = event.item;
        if (item.kind === 'user') this.entries.push({ id: this.id(), kind: 'user', text: item.content });
        else if (item.kind === 'assistant') {
          if (this.streaming) {
            this.touch(this.streaming).text = item.content;
            this.streaming.streaming = false;
            this.streaming = undefined;
          } else this.entries.push({ id: this.id(), kind: 'assistant', text: item.content, streaming: false, step: 0 });
        } else if (item.kind === 'notice') {
          this.entries.push({ id: this.id(), kind: 'notice', reason: item.reason, text: item.content });
        } else if (item.kind === 'tool') {
          const index = this.awaitingResult.findIndex((card) => card.tool === item.name);
          if (index !== -1) {
            const [card] = this.awaitingResult.splice(index, 1);
            this.touch(card);
            card.result = item.content;
            card.status = item.ok ? 'ok' : 'failed';
          } else {
            // Refused before it ran (invalid, denied, repeated): a card with the reason.
            this.entries.push({ id: this.id(), kind: 'tool', step: 0, tool: item.name, args: item.args, status: 'refused', result: item.content, output: '' });
          }
        }
        return true;
      }
      case 'request.sent':
        this.step(event.step).model = event.model;
        return false;
      case 'model.token':
        if (!this.streaming) {
          this.streaming = { id: this.id(), kind: 'assistant', text: '', streaming: true, step: event.step };
          this.entries.push(this.streaming);
        }
        this.touch(this.streaming).text += event.text;
        return true;
      case 'prompt.assembled': {
        const stats = this.step(event.step);
        stats.promptChars = event.totalChars;
        stats.reusedChars = event.reusedChars;
        return false;
      }
      case 'response.done':
        this.step(event.step).stats = event.stats;
        this.rawOutput = this.streaming?.text ?? this.rawOutput;
        return false;
      case 'parse.result':
        this.step(event.step).parse = `${event.kind}: ${event.detail}`;
        return false;
      case 'validation':
        this.step(event.step).validation = event.ok ? `${event.tool}: valid` : `${event.tool}: ${event.error ?? 'invalid'}`;
        return false;
      case 'tool.started': {
        const card: Extract<TranscriptEntry, { kind: 'tool' }> = { id: this.id(), kind: 'tool', step: event.step, tool: event.tool, args: event.args, status: 'running', output: '' };
        this.toolCards.set(event.callId, card);
        this.entries.push(card);
        return true;
      }
      case 'tool.output': {
        const card = this.toolCards.get(event.callId);
        if (card) this.touch(card).output += event.chunk;
        return Boolean(card);
      }
      case 'tool.finished': {
        const card = this.toolCards.get(event.callId);
        if (!card) return false;
        this.touch(card).durationMs = event.durationMs;
        if (event.exitCode !== undefined) card.exitCode = event.exitCode;
        this.toolCards.delete(event.callId);
        // The result text arrives with the history item; the card stays "running" until then.
        this.awaitingResult.push(card);
        return true;
      }
      case 'approval':
        this.entries.push({ id: this.id(), kind: 'approval', approved: event.decision === 'approved', text: `${event.tool}: ${event.decision} (${event.reason})` });
        return true;
      case 'retry':
        this.entries.push({ id: this.id(), kind: 'retry', text: `Retry ${event.attempt}${event.delayMs ? ` in ${(event.delayMs / 1000).toFixed(1)} s` : ''}: ${event.reason}` });
        return true;
      case 'model.fallback':
        this.entries.push({ id: this.id(), kind: 'retry', text: `Switched model ${event.from} → ${event.to}: ${event.reason}` });
        return true;
      case 'compaction':
        this.entries.push({ id: this.id(), kind: 'compaction', text: `History compacted: ${event.reason}${event.beforeChars ? ` (${event.beforeChars} → ${event.afterChars} chars)` : ''}` });
        return true;
      case 'context.truncated':
        this.entries.push({ id: this.id(), kind: 'compaction', text: `The server truncated the prompt (prompt_eval_count ${event.promptEvalCount} ≥ num_ctx ${event.numCtx}); older history will be compacted.` });
        return true;
      case 'delegate.started':
        this.entries.push({ id: this.id(), kind: 'delegate', childSessionId: event.childSessionId, text: `Delegated to a read-only helper (≤ ${event.maxSteps} steps): ${event.task}` });
        return true;
      case 'model.error':
        if (this.streaming) {
          this.touch(this.streaming).streaming = false;
          this.streaming = undefined;
        }
        return true;
      case 'run.finished':
        if (this.streaming) {
          this.touch(this.streaming).streaming = false;
          this.streaming = undefined;
        }
        this.entries.push({ id: this.id(), kind: 'outcome', outcome: event.outcome, text: outcomeText(event.outcome, event.steps, event.usage.totalTokens) });
        return true;
      default:
        return false;
    }
  }
}

export function outcomeText(outcome: Outcome, steps: number, tokens: number): string {
  const tail = `${steps} step${steps === 1 ? '' : 's'}, ${tokens} tokens`;
  switch (outcome.kind) {
    case 'final':
      return `Finished with a final answer (${tail}).`;
    case 'limit':
      return `Stopped: ${outcome.message} (${tail}).`;
    case 'aborted':
      return `Stopped by you (${tail}).`;
    case 'error':
      return outcome.error.message;
  }
}
