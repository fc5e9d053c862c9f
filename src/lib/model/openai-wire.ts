/**
 * M2: the harness's messages and figures in the OpenAI chat-completions shape, and back. Kept
 * apart from the client so the mapping is tested without a server.
 */
import { StreamBudget } from './stream-budget';
import type { ChatMessage, ModelRequest, ReplyStats, ToolCall } from '../harness/ports';

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: WireToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

/**
 * The chat API links each tool result to its call by id; the harness's history does not keep
 * ids. They are made from the message's place in the history, so the same history always gives
 * the same bytes (a server's prompt cache keeps working, P2). A result takes the first waiting
 * call of its tool's name, else the first waiting call; one with no call waiting becomes a user
 * message, since a server refuses a tool message that answers no call.
 */
export function toWireMessages(messages: ChatMessage[]): WireMessage[] {
  const wire: WireMessage[] = [];
  let waiting: { id: string; name: string }[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map((call, k) => ({
        id: `call_${index}_${k}`,
        type: 'function' as const,
        function: { name: call.name, arguments: argumentText(call.arguments) },
      }));
      waiting = calls.map((call) => ({ id: call.id, name: call.function.name }));
      // Content stays a string beside calls: OpenAI allows null there, llama-cpp-python refuses it.
      wire.push(
        calls.length
          ? { role: 'assistant', content: message.content, tool_calls: calls }
          : { role: 'assistant', content: message.content },
      );
      return;
    }
    if (message.role === 'tool') {
      const at = waiting.findIndex((call) => call.name === message.toolName);
      const match = waiting.splice(at === -1 ? 0 : at, 1)[0];
      wire.push(
        match
          ? { role: 'tool', content: message.content, tool_call_id: match.id }
          : { role: 'user', content: message.content },
      );
      return;
    }
    waiting = [];
    wire.push({ role: message.role, content: message.content });
  });
  return wire;
}

function argumentText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? {});
}

/** A streamed call arrives in pieces by index: the name once, the arguments as text fragments. */
export class ToolCallCollector {
  private readonly calls = new Map<number, { name: string; text: string }>();

  constructor(private readonly budget = new StreamBudget()) {}

  /** Adds streamed pieces of calls; a problem (in words) once they are past the reply's bounds. */
  add(deltas: unknown): string | undefined {
    if (!Array.isArray(deltas)) return undefined;
    for (const delta of deltas as {
      index?: unknown;
      id?: unknown;
      function?: { name?: unknown; arguments?: unknown };
    }[]) {
      const index = typeof delta.index === 'number' ? delta.index : this.calls.size;
      const entry = this.calls.get(index) ?? { name: '', text: '' };
      const name = typeof delta.function?.name === 'string' ? delta.function.name : '';
      const text = typeof delta.function?.arguments === 'string' ? delta.function.arguments : '';
      const problem = this.budget.call({
        name: entry.name + name,
        ...(typeof delta.id === 'string' ? { id: delta.id } : {}),
        argumentChars: text.length,
        isNew: !this.calls.has(index),
      });
      if (problem) return problem;
      entry.name += name;
      entry.text += text;
      this.calls.set(index, entry);
    }
    return undefined;
  }

  /** Arguments as the object they spell; text that is not JSON is kept as it came (the loop reports it). */
  done(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ name: call.name, arguments: parseArguments(call.text) }));
  }
}

function parseArguments(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * Figures as far as the server gives them: `usage` (with cached prompt tokens where present)
 * and llama.cpp's `timings` (milliseconds, its own cache count). Missing ones stay missing.
 */
export function statsFrom(usage: unknown, timings: unknown, finishReason: string | undefined): ReplyStats {
  const u = (usage ?? {}) as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
    prompt_tokens_details?: { cached_tokens?: unknown };
  };
  const t = (timings ?? {}) as { prompt_ms?: unknown; predicted_ms?: unknown; cache_n?: unknown; prompt_n?: unknown };
  const seconds = (ms: unknown) => (count(ms) === undefined ? undefined : (ms as number) / 1000);
  const stats: ReplyStats = {
    promptTokens: count(u.prompt_tokens),
    cachedPromptTokens: count(u.prompt_tokens_details?.cached_tokens) ?? count(t.cache_n),
    outputTokens: count(u.completion_tokens),
    promptSeconds: seconds(t.prompt_ms),
    outputSeconds: seconds(t.predicted_ms),
    stopReason: finishReason === 'tool_calls' ? 'stop' : finishReason,
  };
  return Object.fromEntries(Object.entries(stats).filter(([, value]) => value !== undefined)) as ReplyStats;
}

/** The figures a reply of this server lacked, for the inspector (M2: "the UI says which"). */
export function missingFigures(stats: ReplyStats): string[] {
  const missing: string[] = [];
  if (stats.promptTokens === undefined) missing.push('prompt tokens');
  if (stats.outputTokens === undefined) missing.push('reply tokens');
  // Without a count, reuse is read from the prompt timing (server-reuse.ts): missing only with neither.
  if (stats.promptSeconds === undefined) {
    missing.push('timings');
    if (stats.cachedPromptTokens === undefined) missing.push('cached tokens');
  }
  return missing;
}

/** Sampling options the chat API has; num_ctx has no field there (the server's own window applies). */
export function samplingFields(request: ModelRequest, defaultMaxTokens: number): Record<string, unknown> {
  const { options } = request;
  return {
    max_tokens: options.outputLimit ?? defaultMaxTokens,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.topP !== undefined ? { top_p: options.topP } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
}
