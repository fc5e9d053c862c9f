/**
 * M1: the harness's requests in Ollama's /api/chat shape, and its streamed reply back: the body
 * (num_ctx and num_predict always sent), the stream read under its bounds, the server's own
 * figures in seconds. Kept apart from the client (connection, side reads, pulls), as openai-wire.ts is.
 */
import type { ChatRequest, ChatResponse, Message, Options } from 'ollama/browser';
import type { ChatMessage, ModelRequest, ModelResult, ReplyStats, ToolCall } from '../harness/ports';
import { wireTools } from './wire-tools';
import { cutAtLimit, overBudget, stopped, StreamBudget } from './stream-budget';

export const defaultNumCtx = 8192;
export const defaultNumPredict = 1024;

/** P2: newer servers report the prompt tokens taken from the cache; 0.24 does not (see server-reuse.ts). */
function cachedCount(part: object): { cachedPromptTokens?: number } {
  const count = (part as { prompt_eval_cached_count?: unknown }).prompt_eval_cached_count;
  return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? { cachedPromptTokens: count } : {};
}

/** Ollama times in nanoseconds; a missing figure stays missing. */
export const seconds = (nanoseconds: number | undefined) =>
  typeof nanoseconds === 'number' && Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : undefined;

export function chatBody(request: ModelRequest): ChatRequest & { stream: true; truncate: boolean } {
  return {
    model: request.model,
    messages: request.messages.map(toWireMessage),
    options: wireOptions(request),
    stream: true,
    // The harness budgets the context itself; an overflow must be an error it can act on
    // (compact, R3), not history the server drops silently. Servers before 0.12 ignore it.
    truncate: false,
    ...(request.tools?.length ? { tools: wireTools(request.tools) as ChatRequest['tools'] } : {}),
    ...(request.format ? { format: request.format } : {}),
    ...(request.options.keepLoaded ? { keep_alive: request.options.keepLoaded } : {}),
  };
}

/** The server's own figures from its last part (durations in nanoseconds, made seconds). */
export function doneStats(part: ChatResponse): ReplyStats {
  return {
    promptTokens: part.prompt_eval_count,
    ...cachedCount(part),
    outputTokens: part.eval_count,
    totalSeconds: seconds(part.total_duration),
    loadSeconds: seconds(part.load_duration),
    promptSeconds: seconds(part.prompt_eval_duration),
    outputSeconds: seconds(part.eval_duration),
    stopReason: part.done_reason,
  };
}

export async function readStream(
  request: ModelRequest,
  stream: AsyncIterable<ChatResponse> & { abort(): void },
  progress: { content: string },
): Promise<ModelResult> {
  const toolCalls: ToolCall[] = [];
  // Tool calls count against the reply's bound too; the text alone is cut at `maxChars` below.
  const budget = new StreamBudget(request.maxChars);
  for await (const part of stream) {
    // Parts already buffered must not finish a reply the caller has stopped.
    if (request.signal.aborted) return stopped();
    const piece = part.message?.content ?? '';
    if (piece) {
      progress.content += piece;
      request.onToken?.(piece);
    }
    const { content } = progress;
    if (request.maxChars !== undefined && content.length > request.maxChars) {
      stream.abort();
      return cutAtLimit({ model: request.model, content, toolCalls }, request.maxChars);
    }
    for (const call of part.message?.tool_calls ?? []) {
      const argumentChars = JSON.stringify(call.function?.arguments ?? {}).length;
      const problem = budget.call({ name: String(call.function?.name), argumentChars, isNew: true });
      if (problem) {
        stream.abort();
        return overBudget(problem);
      }
      toolCalls.push({ name: call.function.name, arguments: call.function.arguments });
    }
    if (part.done)
      return { ok: true, reply: { model: part.model || request.model, content, toolCalls, stats: doneStats(part) } };
  }
  return {
    ok: false,
    error: { kind: 'stream', retryable: true, message: 'the reply stream ended without a final "done" message' },
  };
}

export function toWireMessage(message: ChatMessage): Message {
  const wire: Message = { role: message.role, content: message.content };
  if (message.toolCalls?.length) {
    wire.tool_calls = message.toolCalls.map((call) => ({
      function: { name: call.name, arguments: toArguments(call.arguments) },
    }));
  }
  if (message.role === 'tool' && message.toolName) wire.tool_name = message.toolName;
  return wire;
}

function toArguments(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: sent back as the single argument it was, so the history stays faithful.
    }
  }
  return { value };
}

export function wireOptions(request: ModelRequest): Partial<Options> {
  const { options } = request;
  const wire: Partial<Options> = {
    num_ctx: options.contextWindow ?? defaultNumCtx,
    num_predict: options.outputLimit ?? defaultNumPredict,
  };
  if (options.temperature !== undefined) wire.temperature = options.temperature;
  if (options.topP !== undefined) wire.top_p = options.topP;
  if (options.seed !== undefined) wire.seed = options.seed;
  if (options.threads !== undefined) wire.num_thread = options.threads;
  return wire;
}
