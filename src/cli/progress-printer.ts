/** Human-readable progress on stderr, one line per event that matters. */
import type { EventOf, HarnessEvent } from '../lib/harness/events';
import { describeOutcome } from '../lib/harness/outcome';
import { escapeForTerminal } from './terminal-text';

const short = (text: string, limit = 160) => {
  const line = escapeForTerminal(text.replace(/[ \t\n]+/g, ' ').trim());
  return line.length > limit ? `${line.slice(0, limit)}…` : line;
};

/** Why a reply ended, when it was not the model's own stop. */
const stopped = (reason: string | undefined) =>
  !reason || reason === 'stop' ? '' : reason === 'length' ? ', cut at the output limit' : `, ended: ${reason}`;

export function progressLine(event: HarnessEvent): string | undefined {
  switch (event.type) {
    case 'protocol.selected':
      return `protocol: ${event.protocol} (${event.reason})`;
    case 'run.started':
      return event.depth > 0 ? `  [delegate] ${short(event.task)}` : `task: ${short(event.task)}`;
    case 'request.sent':
      return `step ${event.step}: asking ${event.model}${event.constrained ? ' (constrained JSON output)' : ''}`;
    case 'response.done':
      return replyLine(event);
    case 'tool.started':
      return `  tool ${event.tool} ${short(JSON.stringify(event.args), 120)}`;
    case 'tool.finished':
      return `  → ${event.ok ? 'ok' : 'failed'}${exitOf(event.exitCode)} in ${event.durationMs} ms`;
    case 'validation':
      return event.ok ? undefined : `  invalid call: ${short(event.error ?? '')}`;
    case 'approval':
      return event.decision === 'denied' ? `  denied: ${event.reason}` : undefined;
    case 'notice':
      return `  notice (${event.reason}): ${short(event.text)}`;
    case 'hook':
      return (
        `  hook ${event.point}${event.tool ? ` (${event.tool})` : ''}: ${event.decision}` +
        (event.detail ? ` — ${short(event.detail)}` : '')
      );
    case 'retry':
      return `  retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)} s: ${short(event.reason)}`;
    case 'model.fallback':
      return `  switching model ${event.from} → ${event.to}: ${event.reason}`;
    case 'compaction':
      return `  compacted history: ${event.reason}`;
    case 'context.truncated':
      return truncatedLine(event);
    case 'check.finished':
      return (
        `  done-check \`${short(event.command, 80)}\`: ` +
        `${event.aborted ? 'stopped' : event.passed ? 'passed' : `failed (exit ${event.exitCode})`}`
      );
    case 'model.error':
      return `  model error (${event.error.kind}): ${event.error.message}`;
    case 'store.error':
      return `  store error: ${event.message}`;
    case 'run.finished':
      return (
        `outcome: ${short(describeOutcome(event.outcome), 400)} after ` +
        `${event.steps} steps, ${event.usage.totalTokens} tokens`
      );
    default:
      return undefined;
  }
}

const exitOf = (code: number | undefined) => (code !== undefined ? ` (exit ${code})` : '');

const replyLine = (event: EventOf<'response.done'>) =>
  `  reply: ${event.chars} chars, ${event.stats.outputTokens ?? '?'} tokens out, ` +
  `${event.stats.promptTokens ?? '?'} in` +
  stopped(event.stats.stopReason);

const truncatedLine = (event: EventOf<'context.truncated'>) =>
  `  the prompt did not fit the context window of ${event.contextWindow} tokens ` +
  `(${event.detectedBy}: counted ${event.promptTokens ?? '-'}, estimated ${event.estimatedTokens}); ` +
  `the reply was dropped, compacting and asking again`;
