/**
 * O2: one line of results.jsonl: which run it was (task, model, protocol, preset, repeat), what
 * happened in it and what the check said. The page, the CLI and the docs scripts read this shape.
 */
import type { FinalFlag, Outcome } from '../harness/outcome';
import type { Protocol } from '../harness/settings';
import type { Split } from './eval-task';

/** One line of results.jsonl. */
export interface EvalResult {
  runId: string;
  task: string;
  tags: string[];
  /** The task's rung on the ladder (absent in results written before the ladder). */
  rung?: number;
  /** O5: the task's family and split (absent in results written before the pool). */
  family?: string;
  split?: Split;
  model: string;
  protocol: Protocol;
  preset: string;
  repeat: number;
  passed: boolean;
  outcome: Outcome['kind'];
  outcomeDetail: string;
  /** O5: a final answer's flags: a check that did not run, answers sent back before, a change claimed, not made. */
  flags?: FinalFlag['kind'][];
  steps: number;
  promptTokens: number;
  outputTokens: number;
  seconds: number;
  /** Of `seconds`, what the server spent reading prompts (cold prompt evaluation is most of a sweep). */
  promptSeconds?: number;
  /** Prompt tokens the server evaluated, not taken from its cache (absent when it reports no counts). */
  promptTokensEvaluated?: number;
  /** T6: calls recovered from the text of replies (absent when none). */
  recoveredCalls?: number;
  /** O5: how often each rule acted in the run (absent when none did). */
  rulesActed?: Record<string, number>;
  /** Provenance: the sampling the run used, the server that answered, the harness's commit. */
  temperature?: number;
  seed?: number;
  server?: string;
  harness?: string;
  /** Replies that parsed, of all replies (1 when there were none). */
  parseRate: number;
  formatErrors: number;
  checkExitCode: number;
  checkOutput: string;
  /** Where the session of this run was kept (a file, or an id in the page's store). */
  session?: string;
  /** M3: the server that ran it (served models only). */
  host?: string;
  /** Set when the run itself broke (not the model): the result does not count as a failure of the model. */
  crashed?: string;
}

/** A run's id in results.jsonl: a line with the same id is the same run done again (resumable sweeps). */
export function runId(task: string, model: string, protocol: Protocol, preset: string, repeat: number): string {
  return [task, model, protocol, preset, repeat].join('|');
}
