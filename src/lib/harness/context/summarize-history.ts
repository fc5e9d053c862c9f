/**
 * C3: a deterministic summary of older history; no extra model call, so it cannot fail. It is
 * built up as compaction moves forward, so a compaction costs what it compacts, not the length
 * of the session.
 */
import type { HistoryItem, ToolItem } from '../session';
import { clip } from './clip';

/**
 * C4: the summary is part of every later prompt; lists that grew with the session would make
 * compactions ever more frequent (and each one costlier). The newest entries are the useful ones.
 */
const callsShown = 20;
const changedShown = 15;
const repliesShown = 3;

function describeCall(item: ToolItem): string {
  const target = item.args.path ?? item.args.command ?? item.args.pattern ?? item.args.task ?? '';
  return (
    `${item.name}${target ? ` ${clip(String(target), 80)}` : ''} → ` +
    `${item.ok ? 'ok' : clip(item.content.split('\n')[0], 100)}`
  );
}

export class HistorySummary {
  private readonly tasks: string[] = [];
  private readonly calls: string[] = [];
  private callCount = 0;
  /** Changed paths, the most recently changed last. */
  private readonly changed = new Set<string>();
  /** Every path changed, only to count the ones no longer listed. */
  private readonly everChanged = new Set<string>();
  private readonly said: string[] = [];
  /** Items folded in so far (history[0 .. covered)). */
  private covered = 0;

  /** Folds in the items up to (not including) `until`; items already folded are not read again. */
  extend(history: readonly HistoryItem[], until: number): void {
    for (; this.covered < Math.min(until, history.length); this.covered++) this.fold(history[this.covered]);
  }

  text(): string {
    const changed = [...this.changed].map((path) => clip(path, 120));
    const earlier = this.everChanged.size - changed.length;
    const files = changed.length ? (earlier > 0 ? `${earlier} earlier, then ` : '') + changed.join(', ') : 'none';
    const lines = [
      `Summary of earlier steps (items 0-${this.covered - 1}, compacted to fit the context window):`,
      ...this.tasks.map((task) => `- request: ${task}`),
      `- tool calls (${this.callCount}):`,
      ...this.calls.map((call) => `  - ${call}`),
      `- files changed: ${files}`,
      ...(this.said.length ? ['- recent replies:', ...this.said.map((line) => `  - ${line}`)] : []),
      'Read files again if you need their current content.',
    ];
    return lines.join('\n');
  }

  private fold(item: HistoryItem): void {
    if (item.kind === 'user') this.tasks.push(clip(item.content, 400));
    if (item.kind === 'assistant' && !item.toolCalls?.length)
      keepLast(this.said, clip(item.content.replace(/\s+/g, ' '), 200), repliesShown);
    if (item.kind !== 'tool') return;
    this.callCount++;
    keepLast(this.calls, describeCall(item), callsShown);
    if (item.ok && (item.name === 'write_file' || item.name === 'patch_file')) {
      const path = String(item.args.path);
      this.everChanged.add(path);
      this.changed.delete(path);
      this.changed.add(path);
      if (this.changed.size > changedShown) this.changed.delete(this.changed.values().next().value!);
    }
  }
}

function keepLast(list: string[], entry: string, most: number): void {
  list.push(entry);
  if (list.length > most) list.shift();
}
