/**
 * A reply body whose lines are bounded. Ollama streams NDJSON, and ollama-js buffers text until
 * a newline: a server (or anything else on that port) that sends one line with no end would grow
 * that buffer without limit. Real lines are small (a token, or one whole reply); past the bound
 * the stream fails with a LineTooLongError, which the client reports and does not retry.
 */
export const maxLineBytes = 16 * 1024 * 1024;

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
}

export function withBoundedLines(response: Response, limit = maxLineBytes): Response {
  if (!response.body) return response;
  let sinceNewline = 0;
  const bounded = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const last = chunk.lastIndexOf(10);
        sinceNewline = last === -1 ? sinceNewline + chunk.length : chunk.length - last - 1;
        if (sinceNewline > limit) {
          controller.error(
            new LineTooLongError(
              `a line of the reply ran past ${Math.round(limit / 1024 / 1024)} MB with no end: this is not an ` +
                'Ollama reply (another program on that port?)',
            ),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(bounded, { status: response.status, statusText: response.statusText, headers: response.headers });
}
