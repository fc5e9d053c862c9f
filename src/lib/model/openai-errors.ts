/**
 * R4 for an OpenAI-compatible server (M2): each failure as a typed error, in the server's own
 * words, with what to do. The servers differ in how they say the same thing (llama.cpp,
 * llama-cpp-python, vLLM, LM Studio, Ollama's /v1), so the patterns below name each.
 */
import type { APIError } from 'openai';
import type { ModelError } from '../harness/ports';
import { parseRetryAfter, statusFallback } from './ollama-errors';

/** The SDK's error classes (the SDK itself is loaded on first use). */
export type OpenAISdk = typeof import('openai');

export interface OpenAIErrorContext {
  host: string;
  model: string;
  origin?: string;
  streaming: boolean;
  aborted: boolean;
}

/** Words servers use for a prompt longer than their window (llama.cpp, llama-cpp-python, vLLM, LM Studio). */
const overflowWords =
  /context_length_exceeded|maximum context length|exceeds? (the )?(available )?context|context size|too many tokens/i;

/** The server's words, without the status prefix the SDK adds or a Python traceback after them. */
export function serverWords(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message.replace(/^\d{3}\s+/, '');
  return text
    .split(/\n\s*File "/)[0]
    .trim()
    .slice(0, 600);
}

export function unreachableOpenAI(host: string, origin?: string): string {
  const base =
    `Cannot reach an OpenAI-compatible server at ${host}. Is it running, and is the URL ` +
    'its base (e.g. http://127.0.0.1:8080/v1)?';
  return origin
    ? `${base} In a browser a CORS refusal looks the same: the server must allow the origin ${origin}.`
    : base;
}

function statusError(error: APIError, context: OpenAIErrorContext): ModelError {
  const status = error.status ?? 0;
  const words = serverWords(error);
  const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after'));
  if (status === 401 || status === 403)
    return {
      kind: 'server',
      status,
      retryable: false,
      message:
        `The server at ${context.host} refused the API key (HTTP ${status}): ${words}. ` +
        'Set the key in Settings (or HARNESS_API_KEY).',
    };
  if (status === 404 && /model/i.test(words))
    return {
      kind: 'not_found',
      status,
      retryable: false,
      message: `The server at ${context.host} has no model "${context.model}" (${words}). Pick one it lists.`,
    };
  if (overflowWords.test(words) || error.code === 'context_length_exceeded')
    return {
      kind: 'context_overflow',
      status,
      retryable: false,
      message: `The prompt is longer than the server's context window: ${words}`,
    };
  if (status === 400 && /tool/i.test(words) && /support|not allowed|unsupported/i.test(words))
    return {
      kind: 'tools_unsupported',
      status,
      retryable: false,
      message:
        `The server at ${context.host} does not take native tool calls for "${context.model}" ` +
        `(${words}). Use the text protocol.`,
    };
  return statusFallback(status, words, 'The server', retryAfterMs);
}

export function toOpenAIModelError(error: unknown, context: OpenAIErrorContext, sdk?: OpenAISdk): ModelError {
  const message = error instanceof Error ? error.message : String(error);
  const is = (type: (abstract new (...args: never[]) => unknown) | undefined) =>
    type !== undefined && error instanceof type;
  if (context.aborted || is(sdk?.APIUserAbortError) || (error instanceof Error && error.name === 'AbortError'))
    return { kind: 'aborted', message: 'the request was stopped', retryable: false };
  if (error instanceof Error && error.name === 'BodyTooLargeError')
    return { kind: 'bad_reply', retryable: false, message: `unexpected reply from ${context.host}: ${message}` };
  // A timeout is a connection error in the SDK's classes: it is not "down".
  if (is(sdk?.APIConnectionTimeoutError))
    return { kind: 'server', retryable: true, message: `the server at ${context.host} did not answer in time` };
  if (is(sdk?.APIConnectionError))
    return context.streaming
      ? { kind: 'stream', retryable: true, message: `the reply stream broke: ${message}` }
      : { kind: 'unreachable', retryable: true, message: unreachableOpenAI(context.host, context.origin) };
  if (is(sdk?.APIError)) {
    const apiError = error as APIError;
    // An error sent inside the stream (`data: {"error": …}`) has no status: a broken reply, retried.
    if (apiError.status === undefined)
      return {
        kind: 'stream',
        retryable: true,
        message: `the server sent an error mid-reply: ${serverWords(apiError)}`,
      };
    return statusError(apiError, context);
  }
  if (context.streaming) return { kind: 'stream', retryable: true, message: `the reply stream broke: ${message}` };
  return { kind: 'bad_reply', retryable: false, message: `unexpected reply from ${context.host}: ${message}` };
}
