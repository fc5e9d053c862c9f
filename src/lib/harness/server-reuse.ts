/**
 * P2: how much of a prompt the server took from its KV cache, as the server tells it. A server
 * that reports cached tokens (`prompt_eval_cached_count` in newer Ollama, `cached_tokens` in the
 * OpenAI usage) is read as is. Ollama 0.24 does not: its `prompt_eval_count` counts the cached
 * tokens too, and the cache shows only in `prompt_eval_duration`. Then the share is read from
 * timing: the slowest time per token seen so far stands for a prompt evaluated in full, and the
 * first read of a model (nothing to compare it with) gives no figure.
 */
import type { ReplyStats } from './model-types';

export interface ServerReuse {
  tokens: number;
  /** 'reported': the server's own count; 'timing': read from the prompt's reading time (approximate). */
  source: 'reported' | 'timing';
}

/**
 * The slowest prompt-reading rate seen per model: a property of the machine and the model, not of
 * one run. A run that begins on a warm cache (after the page's warm-up, or the sweep's during the
 * last check) would otherwise take a cached read for the speed of a full one and count nearly
 * every cached token as evaluated (bench:live once reported 12,797 tokens read for about 5,000).
 */
export class ReadRates {
  private readonly slowest = new Map<string, number>();

  /**
   * Notes a read of `count` tokens in `seconds`; returns the slowest rate for the model, or
   * undefined on its first read: a first read has nothing to be compared with (a cached one would
   * otherwise be taken for a full one and shown as "0% reused").
   */
  note(model: string, count: number, seconds: number): number | undefined {
    const before = this.slowest.get(model);
    const rate = Math.max(before ?? 0, seconds / count);
    this.slowest.set(model, rate);
    return before === undefined ? undefined : rate;
  }
}

/** The rates of this process (a tab, a CLI run, an eval sweep): every run and warm-up adds to them. */
export const processReadRates = new ReadRates();

export class ServerReuseMeter {
  constructor(private readonly rates: ReadRates = new ReadRates()) {}

  measure(stats: ReplyStats, model = ''): ServerReuse | undefined {
    if (stats.cachedPromptTokens !== undefined) return { tokens: stats.cachedPromptTokens, source: 'reported' };
    const count = stats.promptTokens;
    const seconds = stats.promptSeconds;
    if (!count || !seconds) return undefined;
    const fullSecondsPerToken = this.rates.note(model, count, seconds);
    if (fullSecondsPerToken === undefined) return undefined;
    const evaluated = Math.min(count, Math.round(seconds / fullSecondsPerToken));
    return { tokens: count - evaluated, source: 'timing' };
  }
}
