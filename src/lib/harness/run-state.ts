/**
 * The counters of one run and the limits they meet (L1): steps, tokens (billed even for replies
 * that failed to parse or were dropped), unparseable replies in a row, failing steps in a row.
 */
import type { Outcome, Usage } from './outcome';
import type { Limits } from './settings';
import type { ReplyStats } from './model-types';
import { TokenEstimator } from './context/token-estimator';
import { ServerReuseMeter, processReadRates } from './server-reuse';

export class RunState {
  steps = 0;
  /** L1: replies that could not be parsed, in a row; a parsed reply resets it. */
  formatErrors = 0;
  /** Steps in a row in which every tool call failed (a separate, optional guard). */
  failedSteps = 0;
  readonly estimator = new TokenEstimator();
  /** Shares the process's reading rates: a run that starts warm still knows a full read's speed. */
  readonly serverReuse = new ServerReuseMeter(processReadRates);

  constructor(
    readonly limits: Limits,
    readonly usage: Usage,
  ) {}

  /** The limit the next step would break, if any. */
  beforeStep(): Outcome | undefined {
    const { limits, usage } = this;
    if (limits.maxSteps > 0 && this.steps >= limits.maxSteps)
      return { kind: 'limit', limit: 'steps', message: `${this.steps} steps taken (limit ${limits.maxSteps})` };
    if (limits.maxTokens > 0 && usage.totalTokens >= limits.maxTokens)
      return {
        kind: 'limit',
        limit: 'tokens',
        message: `${usage.totalTokens} tokens used (limit ${limits.maxTokens})`,
      };
    return undefined;
  }

  /** Bills one model call: what the server counted, or an estimate when it did not say. */
  bill(stats: ReplyStats, estimatedPrompt: number, outputChars: number): void {
    const prompt = stats.promptTokens ?? estimatedPrompt;
    const output = stats.outputTokens ?? this.estimator.estimate(outputChars);
    this.usage.promptTokens += prompt;
    this.usage.outputTokens += output;
    this.usage.totalTokens += prompt + output;
    this.usage.requests++;
  }

  /** D1: a child's usage counts against the parent's limits. */
  billChild(child: Usage): void {
    this.usage.promptTokens += child.promptTokens;
    this.usage.outputTokens += child.outputTokens;
    this.usage.totalTokens += child.totalTokens;
    this.usage.requests += child.requests;
  }

  /** Tokens left under the token limit (Infinity when there is none). */
  tokensLeft(): number {
    return this.limits.maxTokens > 0 ? Math.max(0, this.limits.maxTokens - this.usage.totalTokens) : Infinity;
  }

  unparseable(): Outcome | undefined {
    this.formatErrors++;
    if (this.limits.maxFormatErrors > 0 && this.formatErrors >= this.limits.maxFormatErrors) {
      return { kind: 'limit', limit: 'format_errors', message: `${this.formatErrors} unparseable replies in a row` };
    }
    return undefined;
  }

  parsed(): void {
    this.formatErrors = 0;
  }

  /** After a step that ran tools: a step with at least one working call resets the streak. */
  toolStep(allFailed: boolean): Outcome | undefined {
    this.failedSteps = allFailed ? this.failedSteps + 1 : 0;
    if (this.limits.maxFailedSteps > 0 && this.failedSteps >= this.limits.maxFailedSteps) {
      return {
        kind: 'limit',
        limit: 'failed_steps',
        message: `${this.failedSteps} steps in a row in which every tool call failed`,
      };
    }
    return undefined;
  }
}
