/**
 * C2 + C4: history items become chat messages. Each item is rendered once and kept, so that
 * between shortenings the rendered history only grows at its end and a local server can reuse
 * its KV cache. When the items in full exceed the recent budget, the older half is shortened
 * in one discrete step: old reads of files written since are marked superseded, repeated reads
 * of an unchanged file collapse, and long texts are cut to a line or two.
 */
import type { ChatMessage, ToolCall } from '../model-types';
import type { Protocol } from '../settings';
import type { HistoryItem, ToolItem } from '../session';
import { clip } from './clip';
import { pathKey } from './path-key';
import { HistorySummary } from './summarize-history';
import { bounds } from '../bounds';

export interface HistoryBudgets {
  /** Characters of history kept in full before a shortening step. */
  recentChars: number;
  /** Characters an old tool result keeps. */
  oldToolChars: number;
  /** Characters an old assistant reply or notice keeps. */
  oldTextChars: number;
  /** C4: the share of the room for messages a compaction keeps in full (default `compactionKeepShare`). */
  compactionKeepShare?: number;
}

export const defaultBudgets: HistoryBudgets = { recentChars: 24000, oldToolChars: 180, oldTextChars: 220 };

const writers = new Set(['write_file', 'patch_file']);

function readKey(item: ToolItem): string {
  return JSON.stringify([pathKey(item.args.path), item.args.start ?? 1, item.args.end ?? 200]);
}

/** Characters of one reply rendered back: the cap on replies keeps items bounded, this keeps prompts so. */
const assistantChars = 24_000;

/**
 * Old calls' long arguments (a whole file's content) are not worth their tokens again; a new
 * call is sent back as the model wrote it, or the server's cache would break at every write
 * (C4: the prefix changes only in a shortening or compaction step).
 */
function clipCalls(calls: ToolCall[], limit: number): ToolCall[] {
  return calls.map((call) => {
    if (!call.arguments || typeof call.arguments !== 'object' || Array.isArray(call.arguments)) return call;
    const args = Object.fromEntries(
      Object.entries(call.arguments as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string' ? clip(value, limit) : value,
      ]),
    );
    return { ...call, arguments: args };
  });
}

/**
 * C3: the first index at or before `index` where history may be cut without orphaning a tool
 * result from the call that produced it (a turn starts with a user item or a model reply).
 */
export function turnBoundary(history: readonly HistoryItem[], index: number, floor: number): number {
  let at = index;
  while (at > floor && history[at]?.kind === 'tool') at--;
  return at;
}

/** What one shortening step did (O1: the compaction event says so, not "0 characters before"). */
export interface Shortening {
  beforeChars: number;
  afterChars: number;
  /** Items newly shortened. */
  items: number;
}

export class HistoryRenderer {
  private readonly messages: ChatMessage[] = [];
  private rendered = 0;
  private cut = 0;
  private fullChars = 0;
  /** Last full read per (path, range), dropped when the file is written. */
  private readonly lastReads = new Map<string, { seq: number; content: string; path: string }>();
  /** Collapsed repeated reads: message index → the read it points at and its own full text. */
  private readonly stubs = new Map<number, { refersTo: number; item: HistoryItem }>();
  shortenings = 0;
  /**
   * Kept as items are rendered, so that a shortening step costs what it shortens, not the
   * length of the session (a 500-step session shortened every few steps): the latest write of
   * each path, and the index of the latest memory notice.
   */
  private readonly lastWrites = new Map<string, number>();
  private latestMemory = -1;
  /** C3: items before this index are replaced by one summary message. */
  private summaryUntil = 0;
  private summary: ChatMessage | undefined;
  private readonly summarized = new HistorySummary();

  constructor(
    private readonly protocol: Protocol,
    private readonly budgets: HistoryBudgets = defaultBudgets,
  ) {}

  /** Messages for the whole history; call with the same (growing) array every step. */
  render(history: readonly HistoryItem[]): { messages: ChatMessage[]; shortened?: Shortening } {
    for (; this.rendered < history.length; this.rendered++) {
      const message = this.renderFull(history[this.rendered]);
      this.messages.push(message);
      this.fullChars += message.content.length;
    }
    let shortened: Shortening | undefined;
    if (this.budgets.recentChars > 0 && this.fullChars > this.budgets.recentChars) {
      const shown = () => this.messages.slice(this.summaryUntil).reduce((sum, m) => sum + m.content.length, 0);
      const beforeChars = shown();
      const firstItem = this.cut;
      this.shorten(history);
      shortened = { beforeChars, afterChars: shown(), items: this.cut - firstItem };
    }
    const messages = this.summary ? [this.summary, ...this.messages.slice(this.summaryUntil)] : this.messages;
    return { messages, shortened };
  }

  /** U3: the newest item changed before it was sent (a step-mode edit): render it again. */
  rerenderLast(history: readonly HistoryItem[]): ChatMessage[] {
    const last = history.length - 1;
    if (last >= 0 && last < this.rendered) {
      this.fullChars -= this.messages[last].content.length;
      this.stubs.delete(last);
      this.messages[last] = this.message(history[last], history[last].content);
      this.fullChars += this.messages[last].content.length;
    }
    return this.summary ? [this.summary, ...this.messages.slice(this.summaryUntil)] : this.messages.slice();
  }

  /**
   * C3: replaces everything before item `until` by one summary message. Done rarely and in one
   * step (C4), so that the history keeps growing only at its end between compactions.
   */
  compact(history: readonly HistoryItem[], until: number): void {
    this.summaryUntil = Math.max(this.summaryUntil, Math.min(until, history.length));
    this.summarized.extend(history, this.summaryUntil);
    this.summary = { role: 'user', content: this.summarized.text() };
    this.cut = Math.max(this.cut, this.summaryUntil);
    this.expandDanglingStubs();
    this.fullChars = this.messages
      .slice(this.cut, this.rendered)
      .reduce((sum, message) => sum + message.content.length, 0);
  }

  /**
   * C2 never loses content: a collapsed read points at an earlier full read; once that one is no
   * longer shown in full (shortened or compacted away), the newest read is shown in full again.
   */
  private expandDanglingStubs(): number {
    let added = 0;
    for (const [index, stub] of this.stubs) {
      if (index < this.cut) {
        this.stubs.delete(index);
        continue;
      }
      if (stub.refersTo >= this.cut) continue;
      const full = this.message(stub.item, stub.item.content);
      added += full.content.length - this.messages[index].content.length;
      this.messages[index] = full;
      this.stubs.delete(index);
      const item = stub.item as ToolItem;
      this.lastReads.set(readKey(item), { seq: item.seq, content: item.content, path: pathKey(item.args.path) });
    }
    return added;
  }

  /** Index of the first item still shown in full or short form (after any summary). */
  get firstShownItem(): number {
    return this.summaryUntil;
  }

  private renderFull(item: HistoryItem): ChatMessage {
    if (item.kind === 'notice' && item.reason === 'memory') this.latestMemory = this.messages.length;
    if (item.kind === 'assistant') return this.message(item, clip(item.content, assistantChars));
    if (item.kind !== 'tool') return this.message(item, item.content);
    const path = pathKey(item.args.path);
    if (writers.has(item.name) && item.ok) {
      for (const [key, read] of this.lastReads) if (read.path === path) this.lastReads.delete(key);
      if (typeof item.args.path === 'string') this.lastWrites.set(path, item.seq);
    }
    if (item.name === 'read_file' && item.ok) {
      const key = readKey(item);
      const earlier = this.lastReads.get(key);
      if (earlier && earlier.content === item.content && earlier.seq >= this.cut) {
        this.stubs.set(this.messages.length, { refersTo: earlier.seq, item });
        return this.message(
          item,
          `# ${String(item.args.path)}: unchanged since the read at item ${earlier.seq}; see that result above.`,
        );
      }
      this.lastReads.set(key, { seq: item.seq, content: item.content, path });
    }
    return this.message(item, item.content);
  }

  private shorten(history: readonly HistoryItem[]): void {
    let target = this.cut;
    let kept = this.fullChars;
    while (target < this.rendered && kept > this.budgets.recentChars / 2) {
      kept -= this.messages[target].content.length;
      target++;
    }
    for (let index = this.cut; index < target; index++) {
      const short = this.renderShort(history[index], index === this.latestMemory);
      this.messages[index] = short;
    }
    this.cut = target;
    this.fullChars = kept + this.expandDanglingStubs();
    this.shortenings++;
  }

  private renderShort(item: HistoryItem, latestMemory: boolean): ChatMessage {
    const { oldToolChars, oldTextChars } = this.budgets;
    switch (item.kind) {
      case 'user':
        return this.message(item, clip(item.content, 2000));
      case 'assistant':
        return this.message(item, clip(item.content, oldTextChars), bounds.renderedArgumentChars);
      case 'notice':
        if (item.reason === 'memory' && !latestMemory)
          return this.message(item, '(older memory snapshot; see the latest one)');
        return this.message(item, item.reason === 'memory' ? item.content : clip(item.content, oldTextChars));
      case 'tool': {
        const path = typeof item.args.path === 'string' ? item.args.path : '';
        const writtenAt = this.lastWrites.get(pathKey(path));
        if (item.name === 'read_file' && writtenAt !== undefined && writtenAt > item.seq) {
          return this.message(item, `# ${path}: this read is out of date; the file was changed at item ${writtenAt}.`);
        }
        // The lines a patch left (tools/patched-region.ts) are of their moment, as an old read is.
        const content = item.name === 'patch_file' ? item.content.split('\n', 1)[0]! : item.content;
        return this.message(item, clip(content, oldToolChars));
      }
    }
  }

  private message(item: HistoryItem, content: string, argumentChars: number = bounds.newArgumentChars): ChatMessage {
    switch (item.kind) {
      case 'user':
        return { role: 'user', content };
      case 'assistant':
        return item.toolCalls?.length
          ? { role: 'assistant', content, toolCalls: clipCalls(item.toolCalls, argumentChars) }
          : { role: 'assistant', content };
      case 'notice':
        return { role: 'user', content };
      case 'tool':
        return this.protocol === 'native'
          ? { role: 'tool', toolName: item.name, content }
          : { role: 'user', content: `[tool result: ${item.name}]\n${content}` };
    }
  }
}
