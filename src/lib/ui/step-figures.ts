/** Figures the inspector and the transcript show per step, from the server's counts. */
import type { ReplyStats } from '../harness/model-types';
import type { StepStats } from './transcript-model';

/** Tokens a second while generating, from the server's counts (undefined when it did not say). */
export function tokensPerSecond(stats: ReplyStats | undefined): number | undefined {
  if (!stats?.outputTokens || !stats.outputSeconds) return undefined;
  return stats.outputTokens / stats.outputSeconds;
}

/** How full the context was: prompt tokens over the context window (0–1), when both are known. */
export function contextFill(step: StepStats | undefined): number | undefined {
  if (!step?.contextWindow || step.stats?.promptTokens === undefined) return undefined;
  return Math.min(1, step.stats.promptTokens / step.contextWindow);
}

/** P2: the share of the prompt the server took from its cache (0–1), when it can be told. */
export function serverReuseShare(step: StepStats): number | undefined {
  const count = step.stats?.promptTokens;
  return count && step.serverReused ? Math.min(1, step.serverReused.tokens / count) : undefined;
}
