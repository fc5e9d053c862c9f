/** C1: bound a text, keeping its head and tail, and say how much was left out. */

export interface Clipped {
  text: string;
  elided: number;
}

/**
 * Keeps about 60% of `limit` from the start and the rest from the end: errors and summaries
 * tend to sit at the end of command output, and context at the start.
 */
export function clipText(text: string, limit: number): Clipped {
  if (limit <= 0 || text.length <= limit) return { text, elided: 0 };
  const marker = (count: number) => `\n…[${count} chars elided]…\n`;
  const room = Math.max(0, limit - marker(text.length).length);
  const head = Math.ceil(room * 0.6);
  const tail = room - head;
  const elided = text.length - head - tail;
  return { text: text.slice(0, head) + marker(elided) + (tail > 0 ? text.slice(text.length - tail) : ''), elided };
}

export function clip(text: string, limit: number): string {
  return clipText(text, limit).text;
}

/** A text cut at `limit` characters and marked `…` where it was cut: for one line, read not copied back. */
export function clipEnd(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
