/**
 * U1 O1: the events that become one line of the transcript each — a hook's decision, an
 * approval, a model switch, a compaction, a prompt that did not fit, a done-check, a step-mode
 * edit, a delegation. Pure: an event in, an entry (or nothing) out.
 */
import type { HarnessEvent } from '../harness/events';
import type { TranscriptEntry } from './transcript-entry';

/** What a step-mode edit changed, in a line. */
function editText(event: Extract<HarnessEvent, { type: 'step.edited' }>): string {
  switch (event.target) {
    case 'reply':
      return 'You edited the model’s reply before it was parsed (step mode).';
    case 'request':
      return 'You edited the message the model read next (step mode).';
    case 'system':
      return 'You edited the system prompt for the rest of this run (step mode).';
    case 'options':
      return `You changed the options for the rest of this run (step mode): ${event.after}.`;
    case 'tools':
      return `You changed the declared tools for the rest of this run (step mode): ${event.after || 'none'}.`;
  }
}

function truncatedText(event: Extract<HarnessEvent, { type: 'context.truncated' }>): string {
  const why =
    event.detectedBy === 'server-refused'
      ? '(the server refused it); '
      : `(the server counted ${event.promptTokens} tokens, about ${event.estimatedTokens} were sent); `;
  const window = `the context window of ${event.contextWindow} tokens`;
  return `The prompt did not fit ${window} ${why}the reply was dropped, not run.`;
}

/** The line an event makes, or undefined for an event that is not one line. */
export function lineOf(event: HarnessEvent, id: string): TranscriptEntry | undefined {
  switch (event.type) {
    case 'hook':
      // T8: the harness decides, not the model: each hook decision is a line of its own.
      return {
        id,
        kind: 'hook',
        stopped: ['deny', 'reject'].includes(event.decision) || Boolean(event.failed),
        failed: Boolean(event.failed),
        text:
          `hook ${event.point}${event.tool ? ` (${event.tool})` : ''}: ${event.decision}` +
          (event.detail ? ` — ${event.detail}` : ''),
      };
    case 'approval':
      return {
        id,
        kind: 'approval',
        approved: event.decision === 'approved',
        text: `${event.tool}: ${event.decision} (${event.reason})`,
      };
    case 'model.fallback':
      return { id, kind: 'retry', count: 1, text: `Switched model ${event.from} → ${event.to}: ${event.reason}` };
    case 'compaction': {
      const sizes = event.beforeChars ? ` (${event.beforeChars} → ${event.afterChars} chars)` : '';
      return { id, kind: 'compaction', text: `History compacted: ${event.reason}${sizes}` };
    }
    case 'context.truncated':
      return { id, kind: 'compaction', text: truncatedText(event) };
    case 'check.finished': {
      const result = event.aborted ? 'stopped' : event.passed ? 'passed' : `failed (exit ${event.exitCode})`;
      const passed = event.aborted ? undefined : event.passed;
      return { id, kind: 'check', passed, text: `Done-check \`${event.command}\`: ${result}` };
    }
    case 'step.edited':
      return { id, kind: 'edit', text: editText(event) };
    case 'delegate.started':
      return {
        id,
        kind: 'delegate',
        childSessionId: event.childSessionId,
        text: `Delegated to a read-only helper (≤ ${event.maxSteps} steps): ${event.task}`,
      };
    default:
      return undefined;
  }
}
