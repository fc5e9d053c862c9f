/** What a model reply means to the loop, whichever protocol produced it. */
import type { ToolCall } from '../model-types';

export type ParsedReply =
  | { kind: 'tool'; calls: ToolCall[]; form: 'native' | 'json' | 'xml' | 'tool_call' | 'bare-json'; extra?: string }
  | { kind: 'final'; answer: string }
  | { kind: 'malformed'; problem: string };

/** Reasoning models wrap their thoughts in <think>; they are not part of the answer. */
export function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').trim();
}
