/** C3: tokens from characters, calibrated on what the server reported for real prompts. */

/** Code and English average about 3.5 characters a token (the estimate before any calibration). */
export const defaultCharsPerToken = 3.5;

export class TokenEstimator {
  /** Corrected after each reply from what the server counted. */
  private charsPerToken = defaultCharsPerToken;

  calibrate(promptChars: number, promptTokens: number | undefined): void {
    // Tiny prompts (and cache-only counts) say little about the ratio.
    if (!promptTokens || promptTokens < 64 || promptChars < 256) return;
    const ratio = promptChars / promptTokens;
    if (ratio > 1 && ratio < 8) this.charsPerToken = ratio;
  }

  estimate(chars: number): number {
    return Math.ceil(chars / this.charsPerToken);
  }

  /** Characters that fit in `tokens`. */
  chars(tokens: number): number {
    return Math.floor(tokens * this.charsPerToken);
  }
}
