/**
 * R4: every Ollama failure becomes a typed error with a message that says what to do. In a
 * browser a CORS refusal is indistinguishable from a server that is down, so both are named.
 */
import type { ModelError } from '../harness/ports';

export interface ErrorContext {
  host: string;
  model: string;
  /** The page origin, when running in a browser (for the OLLAMA_ORIGINS hint). */
  origin?: string;
  retryAfter?: string | null;
  /** True once the response stream had started: failures then are broken streams. */
  streaming: boolean;
  aborted: boolean;
}

export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * An HTTP status no more specific case took, for either client: busy (429, 503) and failed (5xx)
 * are retried, waiting as the server's Retry-After says; anything else is a refusal, not retried.
 * `server` names it in the message ("Ollama", "The server").
 */
export function statusFallback(status: number, words: string, server: string, retryAfterMs?: number): ModelError {
  const retry = retryAfterMs !== undefined ? { retryAfterMs } : {};
  if (status === 429 || status === 503)
    return {
      kind: 'overloaded',
      status,
      retryable: true,
      ...retry,
      message: `${server} is busy (HTTP ${status}): ${words}`,
    };
  if (status >= 500)
    return {
      kind: 'server',
      status,
      retryable: true,
      ...retry,
      message: `${server} failed (HTTP ${status}): ${words}`,
    };
  return {
    kind: 'bad_reply',
    status,
    retryable: false,
    message: `${server} refused the request (HTTP ${status}): ${words}`,
  };
}

export function unreachableMessage(host: string, origin?: string): string {
  const base =
    `Cannot reach Ollama at ${host}. Is it running? Start it with \`ollama ` + `serve\` (or open the Ollama app).`;
  if (!origin) return base;
  return (
    `${base} In a browser a CORS refusal looks exactly the same: if Ollama ` +
    `is running, allow this page with \`OLLAMA_ORIGINS=${origin} ollama ` +
    `serve\` (then restart Ollama).`
  );
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status_code?: unknown }).status_code;
  return typeof status === 'number' ? status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
  return (
    error.name === 'TypeError' ||
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|fetch failed|Failed to fetch|NetworkError|Load failed/i.test(
      `${error.message} ${cause}`,
    )
  );
}

/**
 * U2: a failed pull in words: Ollama passes on its registry's Go error ("pull model manifest: Get
 * …: dial tcp: lookup registry.ollama.ai: no such host"), which names neither cause nor fix.
 */
export function pullFailureMessage(model: string, raw: string): string {
  const said = raw.split('\n')[0].slice(0, 300);
  if (/no such host|dial tcp|connection refused|i\/o timeout|network is unreachable|tls handshake/i.test(raw))
    return (
      `Ollama could not reach its model registry to download "${model}": this machine looks offline, ` +
      `or a proxy blocks it. Models already pulled still work. (Ollama said: ${said})`
    );
  if (/file does not exist|manifest unknown|not found/i.test(raw))
    return `The registry has no model "${model}": check the name and tag (for example qwen2.5-coder:7b).`;
  return `Pulling "${model}" failed: ${said}`;
}

export function toModelError(error: unknown, context: ErrorContext): ModelError {
  const message = error instanceof Error ? error.message : String(error);
  if (context.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return { kind: 'aborted', message: 'the request was stopped', retryable: false };
  }
  // Not a broken stream worth retrying: the same server would send the same endless line.
  if (error instanceof Error && error.name === 'BodyTooLargeError')
    return { kind: 'bad_reply', retryable: false, message: `unexpected reply from ${context.host}: ${message}` };
  const status = statusOf(error);
  if (status !== undefined) return httpError(status, message, context);
  if (context.streaming) {
    return { kind: 'stream', retryable: true, message: `the reply stream broke: ${message}` };
  }
  if (isNetworkFailure(error))
    return { kind: 'unreachable', retryable: true, message: unreachableMessage(context.host, context.origin) };
  return {
    kind: 'bad_reply',
    retryable: false,
    message: `unexpected reply from Ollama at ${context.host}: ${message}`,
  };
}

/** An HTTP status Ollama answered with, as the kind the harness acts on (retry, compact, say how to fix). */
function httpError(status: number, message: string, context: ErrorContext): ModelError {
  const retryAfterMs = parseRetryAfter(context.retryAfter);
  if (status === 404)
    return {
      kind: 'not_found',
      status,
      retryable: false,
      message:
        `Model "${context.model}" is not on the Ollama server at ${context.host}. ` +
        `Pull it with \`ollama pull ${context.model}\`, or choose another model.`,
    };
  if (status === 400 && /does not support tools/i.test(message))
    return {
      kind: 'tools_unsupported',
      status,
      retryable: false,
      message:
        `Model "${context.model}" does not support native tool calls. Switch the protocol to "text" ` +
        `(or "auto"), or pick a model whose capabilities list "tools".`,
    };
  if (status === 400 && /exceeds the context length/i.test(message))
    return {
      kind: 'context_overflow',
      status,
      retryable: false,
      message:
        `The prompt is longer than num_ctx, so Ollama refused it instead of dropping the oldest ` +
        `messages: ${message}`,
    };
  return statusFallback(status, message, 'Ollama', retryAfterMs);
}
