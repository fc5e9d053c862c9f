/**
 * Everything a server sends is bounded as it arrives. A streamed reply (NDJSON from Ollama,
 * server-sent events from an OpenAI-compatible server) has bounded lines: ollama-js and the
 * OpenAI SDK buffer text until a newline, and a line with no end would grow that buffer without
 * limit. Any other body (a model list, /api/show, llama.cpp's /props) is bounded as a whole. Past a
 * bound the body fails with a `BodyTooLargeError`, which the clients report and do not retry.
 */
import type { ModelError } from '../harness/model-types';

export const maxLineBytes = 16 * 1024 * 1024;
/** A side read's whole body: a model list with metadata is well under a megabyte. */
export const maxBodyBytes = 32 * 1024 * 1024;
/** How long a side read (a model list, a model's details, /props) may take before it is given up. */
export const sideReadMs = 15_000;

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function isStream(response: Response): boolean {
  return /ndjson|event-stream/i.test(response.headers.get('content-type') ?? '');
}

export function withBoundedBody(
  response: Response,
  bounds: { lineBytes?: number; totalBytes?: number } = {},
): Response {
  if (!response.body) return response;
  const lineBytes = bounds.lineBytes ?? maxLineBytes;
  const totalBytes = bounds.totalBytes ?? maxBodyBytes;
  const streamed = isStream(response);
  let sinceNewline = 0;
  let total = 0;
  const bounded = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const last = chunk.lastIndexOf(10);
        sinceNewline = last === -1 ? sinceNewline + chunk.length : chunk.length - last - 1;
        total += chunk.length;
        if (sinceNewline > lineBytes)
          return controller.error(
            new BodyTooLargeError(
              `a line of the reply ran past ${megabytes(lineBytes)} with no end: this is not a model ` +
                "server's reply (another program on that port?)",
            ),
          );
        if (!streamed && total > totalBytes)
          return controller.error(
            new BodyTooLargeError(`the server's answer ran past ${megabytes(totalBytes)}; it was not read further`),
          );
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(bounded, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A side read that gave up after `sideReadMs` (the caller's signal did not fire): the server is
 * up but busy — llama-cpp-python answers nothing else while it generates for another client.
 */
export function sideReadTimeout(
  host: string,
  what: string,
  signal?: AbortSignal,
  waitedMs = sideReadMs,
): ModelError | undefined {
  if (signal?.aborted) return undefined;
  return {
    kind: 'overloaded',
    retryable: true,
    message:
      `${host} did not answer ${what} within ${waitedMs / 1000} s: it is likely busy with another ` +
      'request (llama-cpp-python answers one at a time); try again when it is free',
  };
}

/** A side read follows the caller's signal and gives up after `sideReadMs`. */
export function sideReadSignal(signal?: AbortSignal, waitMs = sideReadMs): AbortSignal {
  const timeout = AbortSignal.timeout(waitMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
