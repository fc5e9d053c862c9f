/** How the transcript words a run's end and a retry's reason. */
import type { Outcome } from '../harness/outcome';

/** The first sentence of a retry reason: the full message is in the outcome, once. */
export function shortReason(reason: string): string {
  const first = reason.split(/(?<=\.)\s/)[0];
  return first.length > 160 ? `${first.slice(0, 160)}…` : first;
}

export function outcomeText(outcome: Outcome, steps: number, tokens: number, nothingDone = false): string {
  const tail = `${steps} step${steps === 1 ? '' : 's'}, ${tokens} tokens`;
  switch (outcome.kind) {
    case 'final':
      return nothingDone
        ? `Answered without doing anything: no tool call worked, so nothing here was checked (${tail}).`
        : `Finished with a final answer (${tail}).`;
    case 'limit':
      // The step limit's message already counts the steps: say the tokens only, not the steps twice.
      return outcome.limit === 'steps'
        ? `Stopped: ${outcome.message}, ${tokens} tokens.`
        : `Stopped: ${outcome.message} (${tail}).`;
    case 'aborted':
      return `Stopped by you (${tail}).`;
    case 'error':
      return outcome.error.kind === 'unreachable'
        ? 'Stopped: Ollama could not be reached (see the connection notice above).'
        : outcome.error.message;
  }
}
