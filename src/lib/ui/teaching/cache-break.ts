/**
 * U3, P2: where a request stops sharing its start with the one before (plus the reply the model
 * gave to it). A local server can reuse its KV cache only up to that point: an edit to an early
 * section, or a compaction, makes everything after it be evaluated again. Counted in the slots'
 * unit (message texts, tool-call arguments, tool declarations: `requestSize`), so that reused and
 * evaluated add up to the same total the five slots do.
 */
import type { ChatMessage, ToolDeclaration } from '../../harness/model-types';
import type { TeachingStep } from './step-index';

export interface CacheBreak {
  /** Characters of the current request equal to the start of previous request + reply. */
  reused: number;
  /** The request's size, as the slots count it. */
  total: number;
  /** Undefined when the current request extends the previous one completely. */
  firstDifference?: number;
  /** Text around the break, before and now (for people). */
  before?: string;
  now?: string;
}

const around = 90;

const calls = (message: ChatMessage) => (message.toolCalls?.length ? JSON.stringify(message.toolCalls) : '');
const size = (message: ChatMessage) => message.content.length + calls(message).length;
const same = (a: ChatMessage, b: ChatMessage) =>
  a.role === b.role && a.content === b.content && a.toolName === b.toolName && calls(a) === calls(b);

export function cacheBreak(
  previous: readonly ChatMessage[] | undefined,
  reply: ChatMessage | undefined,
  current: readonly ChatMessage[],
  tools: { previous?: readonly ToolDeclaration[]; current?: readonly ToolDeclaration[] } = {},
): CacheBreak {
  const toolText = tools.current ? JSON.stringify(tools.current) : '';
  const total = current.reduce((sum, message) => sum + size(message), 0) + toolText.length;
  const start = (current[0]?.content ?? '').slice(0, around * 2);
  if (!previous) return { reused: 0, total, firstDifference: 0, now: start };
  // The declarations come first in a rendered prompt: changed ones break the cache at once.
  if (toolText !== (tools.previous ? JSON.stringify(tools.previous) : ''))
    return { reused: 0, total, firstDifference: 0, before: '(other tool declarations)', now: start };
  const before = reply ? [...previous, reply] : [...previous];
  let reused = toolText.length;
  for (let index = 0; index < before.length; index++) {
    const was = before[index];
    const now = current[index];
    if (now && same(was, now)) {
      reused += size(now);
      continue;
    }
    // The first message that differs: its common start is still reused (same role only).
    let common = 0;
    if (now && now.role === was.role)
      while (common < was.content.length && was.content.charCodeAt(common) === now.content.charCodeAt(common)) common++;
    return {
      reused: reused + common,
      total,
      firstDifference: reused + common,
      before: was.content.slice(Math.max(0, common - around), common + around),
      now: now ? now.content.slice(Math.max(0, common - around), common + around) : '(nothing)',
    };
  }
  return { reused, total };
}

/** Where a step's request breaks from the step before it: what the Slots view and the notes show. */
export function stepCacheBreak(previous: TeachingStep | undefined, step: TeachingStep): CacheBreak | undefined {
  if (!step.request) return undefined;
  return cacheBreak(previous?.request?.messages, previous?.reply, step.request.messages, {
    ...(previous?.request?.tools ? { previous: previous.request.tools } : {}),
    ...(step.request.tools ? { current: step.request.tools } : {}),
  });
}
