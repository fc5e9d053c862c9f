/**
 * A command's output, bounded (C1, W2 floods): the first half of the limit is kept from the
 * start and the rest as a rolling tail, so the end of the output — where errors and summaries
 * are — survives. What falls in between is counted, not stored.
 */
export const maxKeptOutput = 1_000_000;

export class BoundedOutput {
  private head = '';
  private tail = '';
  dropped = 0;

  constructor(private readonly limit = maxKeptOutput) {}

  append(chunk: string): void {
    const headRoom = Math.max(0, Math.floor(this.limit / 2) - this.head.length);
    if (headRoom > 0) {
      this.head += chunk.slice(0, headRoom);
      chunk = chunk.slice(headRoom);
    }
    if (!chunk) return;
    // Room is left for the marker that says where output was dropped.
    const tailLimit = this.limit - Math.floor(this.limit / 2) - 80;
    const joined = this.tail + chunk;
    if (joined.length > tailLimit) {
      this.dropped += joined.length - tailLimit;
      this.tail = joined.slice(joined.length - tailLimit);
    } else this.tail = joined;
  }

  get text(): string {
    return this.dropped > 0
      ? `${this.head}\n…[${this.dropped} characters of output dropped here]…\n${this.tail}`
      : this.head + this.tail;
  }
}
