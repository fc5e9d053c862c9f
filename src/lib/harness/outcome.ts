/** L2: how a run ended, as data. */
import type { ModelError } from './model-types';

/** `repeats`: the model kept making a call after it was refused as a repeat (T5). */
export type LimitName = 'steps' | 'tokens' | 'time' | 'format_errors' | 'failed_steps' | 'repeats';

export type Outcome =
  | { kind: 'final'; answer: string }
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
      return 'final answer';
    case 'limit':
      return `limit reached (${outcome.limit}): ${outcome.message}`;
    case 'aborted':
      return `aborted: ${outcome.message}`;
    case 'error':
      return `error (${outcome.error.kind}): ${outcome.error.message}`;
  }
}
