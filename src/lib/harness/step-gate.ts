/**
 * U3: step mode. A `StepGate` is asked before every model call, after every reply (before it is
 * parsed) and before every tool call; the loop waits for its decision. A teacher can continue,
 * stop, or edit what the model is about to read or what it "said" — edits are recorded in the
 * session (the item keeps its original) and as `step.edited` events.
 */
import type { ChatMessage, ModelOptions, ToolDeclaration, ToolCall } from './model-types';

export type StepPause =
  | {
      at: 'request';
      step: number;
      model: string;
      messages: ChatMessage[];
      options: ModelOptions;
      tools?: ToolDeclaration[];
      format?: Record<string, unknown>;
      /** The message an edit replaces: the newest user, tool or notice message. */
      editable?: { role: ChatMessage['role']; content: string };
      /** The system prompt's sections as this request sends them (editable at the pause). */
      sections: { name: string; text: string }[];
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

export type StepDecision =
  | { action: 'continue' }
  | { action: 'stop' }
  | { action: 'edit'; text: string }
  /**
   * U3: the whole request at a pause, for this request and the rest of the run: the system prompt's
   * sections, the sampling options, and which native tools are declared.
   */
  | { action: 'edit-request'; request: RequestEdit };

export interface RequestEdit {
  sections?: { name: string; text: string }[];
  options?: Pick<ModelOptions, 'temperature' | 'outputLimit'>;
  /** Names of the native tool declarations to keep. */
  tools?: string[];
}

export interface StepGate {
  /** Resolves when the person decides; an aborted signal resolves to "stop". Must not reject. */
  pause(pause: StepPause, signal: AbortSignal): Promise<StepDecision>;
}
