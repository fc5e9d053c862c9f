/**
 * P2: how much of a prompt the server took from its KV cache, as the server tells it. A server
 * that reports cached tokens (`prompt_eval_cached_count` in newer Ollama, `cached_tokens` in the
 * OpenAI usage) is read as is. Ollama 0.24 does not: its `prompt_eval_count` counts the cached
 * tokens too, and the cache shows only in `prompt_eval_duration`. Then the share is read from
 * timing: the slowest time per token seen so far stands for a prompt evaluated in full.
 */
import type { ReplyStats } from './model-types';

export interface ServerReuse {
  tokens: number;
  /** 'reported': the server's own count; 'timing': read from prompt_eval_duration (approximate). */
  source: 'reported' | 'timing';
}

export class ServerReuseMeter {
  private fullNsPerToken = 0;

  measure(stats: ReplyStats): ServerReuse | undefined {
    if (stats.promptCachedCount !== undefined) return { tokens: stats.promptCachedCount, source: 'reported' };
    const count = stats.promptEvalCount;
    const nanoseconds = stats.promptEvalDurationNs;
    if (!count || !nanoseconds) return undefined;
    this.fullNsPerToken = Math.max(this.fullNsPerToken, nanoseconds / count);
    const evaluated = Math.min(count, Math.round(nanoseconds / this.fullNsPerToken));
    return { tokens: count - evaluated, source: 'timing' };
  }
}
