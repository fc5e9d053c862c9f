/**
 * C4 P2: why a request does not start with the whole previous one, in words for the inspector.
 * The server's KV cache is reused only up to the first byte that differs, so every break costs a
 * re-evaluation; C4 allows them only at shortening and compaction steps. Anything else is named
 * as unexpected (a test holds a long session to none).
 */
import type { ChatMessage } from '../model-types';
import type { Fitted } from './context-budget';
import { requestChars } from './prefix-reuse';

export interface PrefixBreakInput {
  previous: readonly ChatMessage[];
  reusedChars: number;
  fitted: Extract<Fitted, { ok: true }>;
  /** A step-mode edit replaced the newest message. */
  edited: boolean;
  /** Messages of the previous request kept as they were. */
  keep: number;
}

/** Undefined when the request extends the previous one (or there is none in this run). */
export function prefixBreak(input: PrefixBreakInput): string | undefined {
  const { previous, reusedChars, fitted } = input;
  if (previous.length === 0 || reusedChars >= requestChars(previous)) return undefined;
  if (fitted.compaction)
    return `compaction: history before item ${fitted.compaction.items} summarised (${fitted.compaction.reason})`;
  if (fitted.shortened)
    return `shortening: ${fitted.shortened.items} older items cut to a line or two (recent budget exceeded)`;
  if (input.edited) return 'a step-mode edit changed the request';
  return `unexpected: message ${input.keep + 1} of the previous request changed`;
}
