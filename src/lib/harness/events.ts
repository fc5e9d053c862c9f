/**
 * The one contract between the loop and the outside (DESIGN.md rule 1): the UI renders these,
 * stores persist them, the inspector and evals read them. Every event carries the session id
 * and a timestamp; `step` counts model calls from 1.
 */
import type { HookPoint } from './hook-types';
import type { ChatMessage, ModelError, ModelOptions, ToolDeclaration, ReplyStats } from './model-types';
import type { HistoryItem, Memory } from './session';
import type { Outcome, Usage } from './outcome';
import type { Protocol } from './settings';

export interface SectionSize {
  name: string;
  chars: number;
}

/** Event bodies, grouped by the part of the loop that emits them. */
export type HarnessEventBody =
  // run lifecycle
  | { type: 'run.started'; task: string; model: string; protocol: Protocol; depth: number }
  | { type: 'protocol.selected'; protocol: Protocol; reason: string }
  | { type: 'workspace.selected'; backend: string; reason: string }
  | { type: 'run.finished'; outcome: Outcome; usage: Usage; steps: number }
  // prompt and request (P2, O1)
  | {
      type: 'prompt.assembled';
      step: number;
      sections: SectionSize[];
      prefixChars: number;
      totalChars: number;
      /** Characters that equal the start of the previous request (byte comparison). */
      reusedChars: number;
      /** C4: why this request does not start with the whole previous one (absent: it does). */
      prefixBreak?: string;
      messages: number;
      /** C3: characters of the native tool declarations sent beside the messages (absent: none). */
      toolChars?: number;
      /** The sections' text, on the first step of each run (the prefix is fixed within a run). */
      prefix?: { name: string; text: string; edited: boolean }[];
      /** The tools offered, by name, beside `prefix` (a fork offers the same ones). */
      tools?: string[];
    }
  | {
      /**
       * The messages of the request exactly as sent, as a change to the previous request: its
       * first `keep` messages, then `added` (append-only between compactions, so this stays small).
       */
      type: 'request.messages';
      step: number;
      keep: number;
      added: ChatMessage[];
      /** Native tool declarations, on the first request of a run. */
      tools?: ToolDeclaration[];
      /** The JSON Schema of constrained output, when the request had one and it changed. */
      format?: Record<string, unknown>;
    }
  /** C3 U1: the request a step would have sent, had it fitted the context window; it was not sent. */
  | { type: 'request.unsent'; step: number; messages: ChatMessage[]; reason: string }
  | {
      type: 'request.sent';
      step: number;
      model: string;
      options: ModelOptions;
      protocol: Protocol;
      constrained: boolean;
    }
  | { type: 'model.token'; step: number; text: string }
  | {
      type: 'response.done';
      step: number;
      model: string;
      stats: ReplyStats;
      chars: number;
      toolCalls: number;
      /** Prompt tokens that repeat the previous request: the harness's estimate, from characters. */
      reusedPromptTokens?: number;
      /** P2: prompt tokens the server took from its cache, as it reported them or as its timing shows. */
      serverReusedTokens?: number;
      serverReuseSource?: 'reported' | 'timing';
    }
  | { type: 'model.error'; step: number; error: ModelError }
  // recovery (R1–R3, C3)
  | { type: 'retry'; step: number; attempt: number; delayMs: number; reason: string }
  | { type: 'model.fallback'; step: number; from: string; to: string; reason: string }
  | { type: 'compaction'; step: number; reason: string; beforeChars: number; afterChars: number; items: number }
  | {
      type: 'context.truncated';
      step: number;
      contextWindow: number;
      /** What the server counted, when it answered at all. */
      promptTokens?: number;
      /** What the harness estimated for the prompt it sent. */
      estimatedTokens: number;
      /**
       * How it was told: the server refused (truncate:false), counted up to the window's size, or counted far
       * less than was sent.
       */
      detectedBy: 'server-refused' | 'count-at-limit' | 'count-below-estimate';
      /** The reply made from the cut prompt was dropped, not executed (R3). */
      discarded: boolean;
    }
  // parsing, validation, approval, tools (T1–T6)
  | {
      type: 'parse.result';
      step: number;
      kind: 'tool' | 'final' | 'malformed';
      detail: string;
      /** T6: the call was recovered from how a small model wrote it, in words ("a fenced JSON block in the text"). */
      recovered?: string;
      /** The tools the reply called, by name (bounded), when it called any. */
      tools?: string[];
    }
  | { type: 'validation'; step: number; tool: string; ok: boolean; error?: string }
  | {
      type: 'approval';
      step: number;
      tool: string;
      decision: 'approved' | 'denied';
      by: 'policy' | 'rule' | 'user' | 'remembered' | 'read-only';
      reason: string;
    }
  | { type: 'tool.started'; step: number; callId: string; tool: string; args: Record<string, unknown> }
  | { type: 'tool.output'; step: number; callId: string; chunk: string }
  | {
      type: 'tool.finished';
      step: number;
      callId: string;
      tool: string;
      ok: boolean;
      durationMs: number;
      exitCode?: number;
      rawChars: number;
      clippedChars: number;
    }
  // state
  | { type: 'notice'; step: number; reason: string; text: string }
  | { type: 'history.appended'; item: HistoryItem }
  | { type: 'memory.updated'; memory: Memory }
  /** T8: what a hook decided (allow, deny, rewrite, annotate, clip, accept, reject) or that it failed. */
  | {
      type: 'hook';
      step: number;
      point: HookPoint;
      tool?: string;
      decision: string;
      detail: string;
      durationMs: number;
      failed?: boolean;
    }
  /** P5: the skills listed in this run's prompt (name, description, file). */
  | { type: 'skills.listed'; skills: { name: string; description: string; path: string }[] }
  | { type: 'delegate.started'; step: number; childSessionId: string; task: string; maxSteps: number }
  | { type: 'delegate.finished'; step: number; childSessionId: string; outcome: Outcome; usage: Usage }
  // U3 step mode
  | { type: 'step.paused'; step: number; point: 'request' | 'reply' | 'tool' }
  | {
      type: 'step.edited';
      step: number;
      target: 'request' | 'reply' | 'system' | 'options' | 'tools';
      before: string;
      after: string;
      /** The history item the edit changed (a request's last message, a reply), when it was one. */
      seq?: number;
    }
  // the rules (DESIGN 14): the ones in effect, as the run starts, and each decision or line one made
  | {
      type: 'rules.active';
      pack: string;
      rules: {
        id: string;
        principle: string;
        layer: 'core' | 'pack';
        decides: boolean;
        points: string[];
        reads: string[];
      }[];
    }
  | {
      type: 'rule.acted';
      step: number;
      rule: string;
      action: 'showed' | 'schema' | 'edited' | 'stopped' | 'again' | 'sent-back' | 'refused' | 'rewrote' | 'noted';
      detail: string;
    }
  // L3 done-checks
  | { type: 'check.started'; step: number; command: string }
  /** T9: a check the harness would run did not pass the gate (or its bounds); the answer stands unchecked. */
  | { type: 'check.not-run'; step: number; command: string; reason: string }
  | {
      type: 'check.finished';
      step: number;
      command: string;
      passed: boolean;
      exitCode: number;
      aborted: boolean;
      durationMs: number;
    }
  | { type: 'store.error'; message: string };

export type HarnessEvent = HarnessEventBody & { sessionId: string; at: number };
export type HarnessEventType = HarnessEvent['type'];
export type EventOf<T extends HarnessEventType> = Extract<HarnessEvent, { type: T }>;
export type EventSink = (event: HarnessEvent) => void;
