/** Figures the inspector and the transcript show per step, from the server's counts. */
import type { ReplyStats } from '../harness/model-types';
import type { StepStats } from './transcript-model';

/** Tokens a second while generating, from the server's counts (undefined when it did not say). */
export function tokensPerSecond(stats: ReplyStats | undefined): number | undefined {
  if (!stats?.evalCount || !stats.evalDurationNs) return undefined;
  return stats.evalCount / (stats.evalDurationNs / 1e9);
}

/** How full the context was: prompt tokens over num_ctx (0–1), when both are known. */
export function contextFill(step: StepStats | undefined): number | undefined {
  if (!step?.contextWindow || step.stats?.promptEvalCount === undefined) return undefined;
  return Math.min(1, step.stats.promptEvalCount / step.contextWindow);
}

/** P2: the share of the prompt the server took from its cache (0–1), when it can be told. */
export function serverReuseShare(step: StepStats): number | undefined {
  const count = step.stats?.promptEvalCount;
  return count && step.serverReused ? Math.min(1, step.serverReused.tokens / count) : undefined;
}
