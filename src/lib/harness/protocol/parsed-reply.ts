/** What a model reply means to the loop, whichever protocol produced it. */
import type { ToolCall } from '../model-types';

/** How a call was written: the protocol's own forms, or one recovered from the reply's text (T6). */
export type CallForm =
  'native' | 'json' | 'xml' | 'tool_call' | 'bare-json' | 'fenced-json' | 'call-syntax' | 'tool-tag';

export type ParsedReply =
  | {
      kind: 'tool';
      calls: ToolCall[];
      form: CallForm;
      extra?: string;
      /** T6: not the protocol's own form — a call small models write, run as that call and said so. */
      recovered?: { besideName: boolean };
    }
  | { kind: 'final'; answer: string }
  /** `listTools`: the notice lists the tools with an example each (a call named something that is no tool). */
  | { kind: 'malformed'; problem: string; listTools?: boolean };

/** Reasoning models wrap their thoughts in <think>; they are not part of the answer. */
export function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').trim();
}
