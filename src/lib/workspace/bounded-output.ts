/** A command's output, kept up to a limit; what does not fit is counted, not stored (W2 floods). */
export const maxKeptOutput = 1_000_000;

export class BoundedOutput {
  text = '';
  dropped = 0;

  constructor(private readonly limit = maxKeptOutput) {}

  append(chunk: string): void {
    const room = Math.max(0, this.limit - this.text.length);
    if (room >= chunk.length) this.text += chunk;
    else {
      this.text += chunk.slice(0, room);
      this.dropped += chunk.length - room;
    }
  }
}
