/**
 * P2: the page has the server read the next run's stable prefix while the task is
 * being typed. A change to settings, tools or the workspace warms again once things settle
 * (debounced); a run, leaving the session or a server nobody chose cancels a warm-up in flight.
 * The state is what the page shows beside Run, with the server's own figure.
 */
import type { WarmResult } from '../harness/model-types';

export type WarmState =
  /** Nothing is warmed, and why (the Demo model, a lesson, a server that does not answer). */
  | { kind: 'off'; why: string }
  | { kind: 'cold' }
  /** `since`: when the request went (ms), for the elapsed time the page ticks. */
  | { kind: 'warming'; since: number }
  /**
   * `tokens`, `seconds`: what the server read, as it reported it (absent when it said nothing);
   * `elapsed`: the whole warm-up as the page waited for it, in seconds.
   */
  | { kind: 'warm'; tokens?: number; seconds?: number; elapsed: number }
  | { kind: 'failed'; message: string };

/** How long the settings, tools and files must stay as they are before a warm-up is sent. */
export const warmDelayMs = 1500;

export class WarmUp {
  state = $state<WarmState>({ kind: 'off', why: 'nothing chosen yet' });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  /** What the last warm-up was for: the same key again is already warm. */
  private key: string | undefined;

  /**
   * Warms for `key` (the prefix's inputs) after `warmDelayMs`, unless it already is; `send`
   * makes the request and resolves to its result (undefined: the client cannot warm).
   */
  request(key: string, send: (signal: AbortSignal) => Promise<WarmResult | undefined>): void {
    if (key === this.key && (this.state.kind === 'warm' || this.state.kind === 'warming')) return;
    this.cancel();
    this.state = { kind: 'cold' };
    this.timer = setTimeout(() => void this.send(key, send), warmDelayMs);
  }

  private async send(key: string, send: (signal: AbortSignal) => Promise<WarmResult | undefined>): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.key = key;
    const since = Date.now();
    this.state = { kind: 'warming', since };
    const result = await send(controller.signal).catch((error: Error) => ({
      ok: false as const,
      error: { kind: 'bad_reply' as const, retryable: false, message: error.message },
    }));
    if (this.controller !== controller) return;
    this.controller = undefined;
    if (!result) this.state = { kind: 'off', why: 'this server cannot be warmed' };
    else if (result.ok) {
      const { promptTokens, promptSeconds } = result.stats;
      this.state = {
        kind: 'warm',
        elapsed: (Date.now() - since) / 1000,
        ...(promptTokens !== undefined ? { tokens: promptTokens } : {}),
        ...(promptSeconds !== undefined ? { seconds: promptSeconds } : {}),
      };
    } else if (result.error.kind === 'aborted') this.state = { kind: 'cold' };
    else this.state = { kind: 'failed', message: result.error.message };
  }

  /** Stops a warm-up waiting or in flight; the prefix is taken as cold. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
    this.key = undefined;
    if (this.state.kind === 'warming') this.state = { kind: 'cold' };
  }

  /** Nothing will be warmed, and the page says why. */
  off(why: string): void {
    this.cancel();
    this.state = { kind: 'off', why };
  }

  /** After a run the server's cache holds that run's prompt, which starts with the prefix. */
  ran(): void {
    this.cancel();
    this.state = { kind: 'cold' };
  }
}
