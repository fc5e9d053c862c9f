/**
 * U3, P2: where a request stops sharing its start with the one before (plus the reply the model
 * gave to it). A local server can reuse its KV cache only up to that byte: an edit to an early
 * section, or a compaction, makes everything after it be evaluated again.
 */
import type { ChatMessage } from '../../harness/model-types';
import { messageText } from '../../harness/prompt/prefix-reuse';

export interface CacheBreak {
  /** Characters of the current request equal to the start of previous request + reply. */
  reused: number;
  total: number;
  /** Undefined when the current request extends the previous one completely. */
  firstDifference?: number;
  /** Text around the break, before and now (for people). */
  before?: string;
  now?: string;
}

const around = 90;

export function cacheBreak(
  previous: readonly ChatMessage[] | undefined,
  reply: ChatMessage | undefined,
  current: readonly ChatMessage[],
): CacheBreak {
  const now = current.map(messageText).join('');
  if (!previous) return { reused: 0, total: now.length, firstDifference: 0, now: now.slice(0, around * 2) };
  const before = previous.map(messageText).join('') + (reply ? messageText(reply) : '');
  const limit = Math.min(before.length, now.length);
  let index = 0;
  while (index < limit && before.charCodeAt(index) === now.charCodeAt(index)) index++;
  if (index >= before.length) return { reused: index, total: now.length };
  return {
    reused: index,
    total: now.length,
    firstDifference: index,
    before: before.slice(Math.max(0, index - around), index + around),
    now: now.slice(Math.max(0, index - around), index + around),
  };
}
