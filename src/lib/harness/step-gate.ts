/**
 * U3: step mode. A `StepGate` is asked before every model call, after every reply (before it is
 * parsed) and before every tool call; the loop waits for its decision. A teacher can continue,
 * stop, or edit what the model is about to read or what it "said" — edits are recorded in the
 * session (the item keeps its original) and as `step.edited` events.
 */
import type { ChatMessage, ModelOptions, NativeToolDefinition, ToolCall } from './model-types';

export type StepPause =
  | {
      at: 'request';
      step: number;
      model: string;
      messages: ChatMessage[];
      options: ModelOptions;
      tools?: NativeToolDefinition[];
      format?: Record<string, unknown>;
      /** The message an edit replaces: the newest user, tool or notice message. */
      editable?: { role: ChatMessage['role']; content: string };
    }
  | { at: 'reply'; step: number; content: string; toolCalls: ToolCall[] }
  | {
      at: 'tool';
      step: number;
      tool: string;
      args: Record<string, unknown>;
      validation: { ok: boolean; error?: string };
      /** What approval will do: "runs (safe tool)", "asks you", "denied by rule …". */
      approval: string;
    };

export type StepDecision = { action: 'continue' } | { action: 'stop' } | { action: 'edit'; text: string };

export interface StepGate {
  /** Resolves when the person decides; an aborted signal resolves to "stop". Must not reject. */
  pause(pause: StepPause, signal: AbortSignal): Promise<StepDecision>;
}
