/**
 * U5 R2: output that repeats itself while it streams (a small model writing the same `<tool>`
 * line until num_predict, then again with twice the room) is stopped early. Looked at every 128
 * new characters: the last 8 lines the same (each with some text), or the tail one unit of 8–200
 * characters repeated over at least 400 characters.
 */
const checkEvery = 128;
const sameLines = 8;
const minLineChars = 8;
const minRepeatedChars = 400;

export function repeatsItself(text: string): boolean {
  const lines = text.slice(-4000).split('\n').slice(0, -1); // complete lines only
  const last = lines.slice(-sameLines);
  if (last.length === sameLines && last[0].trim().length >= minLineChars && last.every((line) => line === last[0]))
    return true;
  if (text.length < minRepeatedChars) return false;
  for (let unit = 8; unit <= 200; unit++) {
    const copies = Math.max(5, Math.ceil(minRepeatedChars / unit));
    if (copies * unit > text.length) break;
    const piece = text.slice(text.length - unit);
    if (!piece.trim()) continue;
    let repeated = true;
    for (let copy = 2; copy <= copies && repeated; copy++)
      repeated = text.slice(text.length - copy * unit, text.length - (copy - 1) * unit) === piece;
    if (repeated) return true;
  }
  return false;
}

export class RunawayDetector {
  private text = '';
  private checkedAt = 0;
  tripped = false;

  /** Feeds streamed text; true once the output repeats itself. */
  push(chunk: string): boolean {
    if (this.tripped) return true;
    this.text += chunk;
    if (this.text.length - this.checkedAt < checkEvery) return false;
    this.checkedAt = this.text.length;
    // Only the recent part matters, and memory stays bounded on a long reply.
    if (this.text.length > 16_000) {
      this.text = this.text.slice(-8_000);
      this.checkedAt = this.text.length;
    }
    this.tripped = repeatsItself(this.text);
    return this.tripped;
  }

  /** A new attempt streams from the start again. */
  reset(): void {
    this.text = '';
    this.checkedAt = 0;
  }

  get seen(): string {
    return this.text;
  }
}
