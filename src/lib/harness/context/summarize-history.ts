/** C3: a deterministic summary of older history; no extra model call, so it cannot fail. */
import type { HistoryItem } from '../session';
import { clip } from './clip';

function describeCall(item: Extract<HistoryItem, { kind: 'tool' }>): string {
  const target = item.args.path ?? item.args.command ?? item.args.pattern ?? item.args.task ?? '';
  return (
    `${item.name}${target ? ` ${clip(String(target), 80)}` : ''} → ` +
    `${item.ok ? 'ok' : clip(item.content.split('\n')[0], 100)}`
  );
}

export function summarizeHistory(items: readonly HistoryItem[], fromSeq: number): string {
  const tasks = items.filter((item) => item.kind === 'user').map((item) => clip(item.content, 400));
  const calls = items.filter((item): item is Extract<HistoryItem, { kind: 'tool' }> => item.kind === 'tool');
  const changed = [
    ...new Set(
      calls
        .filter((call) => call.ok && (call.name === 'write_file' || call.name === 'patch_file'))
        .map((call) => String(call.args.path)),
    ),
  ];
  const said = items
    .filter((item) => item.kind === 'assistant' && !item.toolCalls?.length)
    .slice(-3)
    .map((item) => clip(item.content.replace(/\s+/g, ' '), 200));
  const lines = [
    `Summary of earlier steps (items ${fromSeq}-${fromSeq + items.length - 1}, compacted to fit the context window):`,
    ...tasks.map((task) => `- request: ${task}`),
    `- tool calls (${calls.length}):`,
    ...calls.slice(-30).map((call) => `  - ${describeCall(call)}`),
    `- files changed: ${changed.join(', ') || 'none'}`,
    ...(said.length ? ['- recent replies:', ...said.map((line) => `  - ${line}`)] : []),
    'Read files again if you need their current content.',
  ];
  return lines.join('\n');
}
