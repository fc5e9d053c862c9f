/** L2: how a run ended, as data. */
import type { ModelError } from './model-types';

/** `repeats`: the model kept making a call after it was refused as a repeat (T5). */
export type LimitName = 'steps' | 'tokens' | 'time' | 'format_errors' | 'failed_steps' | 'repeats';

/**
 * O5: what is known about a final answer beyond its words: a check the harness would have run and
 * did not (T9), the rules that sent earlier answers back before this one stood, and a claim of a
 * change in a run that changed nothing. Shown in the page and the eval table, not hidden in "final".
 */
export type FinalFlag =
  | { kind: 'unchecked'; command: string; reason: string }
  | { kind: 'after-send-back'; rules: string[]; times: number }
  | { kind: 'claims-unmade-change' };

export type Outcome =
  | { kind: 'final'; answer: string; flags?: FinalFlag[] }
  | { kind: 'limit'; limit: LimitName; message: string }
  | { kind: 'aborted'; message: string }
  | { kind: 'error'; error: ModelError | { kind: 'store' | 'internal' | 'prompt'; message: string } };

export interface Usage {
  promptTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Model calls made, including failed and unparseable ones. */
  requests: number;
}

export function emptyUsage(): Usage {
  return { promptTokens: 0, outputTokens: 0, totalTokens: 0, requests: 0 };
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'final':
      return outcome.flags?.length ? `final answer (${outcome.flags.map(describeFlag).join('; ')})` : 'final answer';
    case 'limit':
      return `limit reached (${outcome.limit}): ${outcome.message}`;
    case 'aborted':
      return `aborted: ${outcome.message}`;
    case 'error':
      return `error (${outcome.error.kind}): ${outcome.error.message}`;
  }
}

export function describeFlag(flag: FinalFlag): string {
  switch (flag.kind) {
    case 'unchecked':
      return `unchecked: \`${flag.command}\` did not run (${flag.reason})`;
    case 'after-send-back':
      return (
        `accepted after ${flag.times} answer${flag.times === 1 ? ' was' : 's were'} sent back ` +
        `(${flag.rules.join(', ')})`
      );
    case 'claims-unmade-change':
      return 'claims a change, but the run changed no file';
  }
}
