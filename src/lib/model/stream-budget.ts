/**
 * A streamed reply is bounded as it arrives, tool calls included: the text, every call's name,
 * id and arguments count against one budget, and a reply may carry only so many calls. A server
 * that streams endless `function.arguments` pieces (OpenAI) or NDJSON lines each with a large
 * `tool_calls` (Ollama) is stopped there, not when the process runs out of memory. Both clients
 * end a stream they stop reading with the results below: over budget, cut at the output limit, or
 * stopped by the caller.
 */
import type { ModelResult, ToolCall } from '../harness/ports';

export const streamBounds = {
  /** Tool calls one reply may carry. */
  calls: 64,
  /** Characters of a tool name or call id. */
  nameChars: 256,
  /** Characters of the whole reply when the request sets no `maxChars`. */
  replyChars: 1_000_000,
} as const;

export class StreamBudget {
  private chars = 0;
  private calls = 0;

  constructor(private readonly maxChars: number = streamBounds.replyChars) {}

  /** Counts streamed text; a problem (in words) once the reply is past its bound. */
  text(chars: number): string | undefined {
    this.chars += chars;
    return this.chars > this.maxChars
      ? `the reply ran past ${this.maxChars} characters (text and tool calls together)`
      : undefined;
  }

  /** Counts one more tool call (or a piece of one), its name and id bounded on their own. */
  call(piece: { name?: string; id?: string; argumentChars: number; isNew: boolean }): string | undefined {
    if (piece.isNew && ++this.calls > streamBounds.calls)
      return `the reply carried more than ${streamBounds.calls} tool calls`;
    if ((piece.name?.length ?? 0) > streamBounds.nameChars || (piece.id?.length ?? 0) > streamBounds.nameChars)
      return `a tool call's name or id ran past ${streamBounds.nameChars} characters`;
    return this.text((piece.name?.length ?? 0) + (piece.id?.length ?? 0) + piece.argumentChars);
  }
}

/** The error a client returns for a reply past its bounds: not retried (the server would do it again). */
export function overBudget(problem: string) {
  return {
    ok: false as const,
    error: {
      kind: 'bad_reply' as const,
      retryable: false,
      message: `${problem}; the reply was stopped and dropped (a model server would not send this)`,
    },
  };
}

/** Tokens a streamed text cost where the server did not count them (about four characters a token). */
export const streamedTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A server that ignores its output limit cannot flood the harness: the reply is kept cut at
 * `maxChars`, as a reply the limit ended ("length").
 */
export function cutAtLimit(
  reply: { model: string; content: string; toolCalls: ToolCall[] },
  maxChars: number,
): ModelResult {
  const stats = { outputTokens: streamedTokens(reply.content), stopReason: 'length' };
  return { ok: true, reply: { ...reply, content: reply.content.slice(0, maxChars), stats } };
}

/** The caller stopped the request; a fresh result each time, since a caller may add to its error. */
export const stopped = (): ModelResult => ({
  ok: false,
  error: { kind: 'aborted', retryable: false, message: 'the request was stopped' },
});
