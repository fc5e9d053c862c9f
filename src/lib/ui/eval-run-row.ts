/**
 * O2: one row of the Evals view's runs table in words. "Result" is the task's check on the files
 * the run left; "outcome" is how the loop ended. The two can disagree — a run may write the right
 * file and then spend its steps without ever saying it is done, or answer "done" over files that
 * fail — and a row that reads "pass · limit" without a word is a puzzle, so such rows say why.
 */
import type { EvalResult } from '../evals/eval-result';

export interface RunRow {
  result: 'pass' | 'fail' | 'crashed';
  /** How the run ended, short: "final answer", "limit", "error", "stopped". */
  outcome: string;
  /** When result and outcome seem to disagree: what happened, in a sentence. */
  note?: string;
}

const endings: Record<EvalResult['outcome'], string> = {
  final: 'final answer',
  limit: 'limit',
  aborted: 'stopped',
  error: 'error',
};

export function runRow(result: EvalResult): RunRow {
  const outcome = endings[result.outcome] ?? result.outcome;
  if (result.crashed) return { result: 'crashed', outcome, note: 'not scored: the server failed, not the model' };
  if (result.passed && result.outcome !== 'final')
    return {
      result: 'pass',
      outcome,
      note:
        'the files passed the check, but the model never gave a final answer ' +
        '(the check judges the files, not the words)',
    };
  if (!result.passed && result.outcome === 'final')
    return { result: 'fail', outcome, note: 'the model said it was done, but its files failed the check' };
  return { result: result.passed ? 'pass' : 'fail', outcome };
}
