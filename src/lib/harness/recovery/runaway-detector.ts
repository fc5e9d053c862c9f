/**
 * U5 R2: output that repeats itself while it streams (a small model writing the same `<tool>`
 * line until the output limit, then again with twice the room) is stopped early. Looked at every 256
 * new characters: the tail is one unit of 8–400 characters (a line, or part of one) repeated over
 * at least 2,000 characters. Generous on purpose: a file with a few equal lines is not a runaway.
 */
const checkEvery = 256;
const minRepeatedChars = 2000;

export function repeatsItself(text: string): boolean {
  if (text.length < minRepeatedChars) return false;
  for (let unit = 8; unit <= 400; unit++) {
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
