/**
 * R1 + R2 (first half): one model request, tried again on transient failures with backoff,
 * switched to a fallback model after repeated overloads, and re-sent once with a larger
 * output limit when the reply was cut by it (the cut reply is dropped). Every retry and every
 * billed attempt is reported, so that usage stays true (L1).
 */
import type { HarnessEventBody } from '../events';
import type { ModelClient, ModelRequest, ModelResult, ReplyStats } from '../model-types';
import type { RetryPolicy } from './retry-policy';
import { backoffDelay, sleep } from './retry-policy';

export interface RecoveryContext {
  client: ModelClient;
  policy: RetryPolicy;
  step: number;
  emit: (body: HarnessEventBody) => void;
  /** Called with the statistics of every attempt the server billed, kept or not. */
  bill: (stats: ReplyStats) => void;
  random?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<boolean>;
  /** C3: the most output the context window has room for; escalation never asks for more. */
  outputRoom?: number;
}

export interface RecoveredResult {
  result: ModelResult;
  /** The model that answered (the fallback after a switch). */
  model: string;
  outputLimit?: number;
}

/**
 * A reply cut at the output limit is asked for again, once, with twice the limit (within the
 * policy's and the window's room).
 */
function largerLimit(
  stats: { stopReason?: string },
  current: number | undefined,
  context: RecoveryContext,
): number | undefined {
  if (stats.stopReason !== 'length' || !current) return undefined;
  const larger = Math.min(context.policy.maxOutputLimit, current * 2, context.outputRoom ?? Infinity);
  return larger > current ? larger : undefined;
}

export async function requestWithRecovery(request: ModelRequest, context: RecoveryContext): Promise<RecoveredResult> {
  const { client, policy, step, emit } = context;
  const random = context.random ?? Math.random;
  const wait = context.wait ?? sleep;
  let model = request.model;
  let options = { ...request.options };
  let escalated = false;
  let overloads = 0;
  for (let attempt = 1; ; attempt++) {
    const result = await client.chat({ ...request, model, options });
    if (result.ok) {
      const larger = escalated ? undefined : largerLimit(result.reply.stats, options.outputLimit, context);
      if (larger !== undefined) {
        context.bill(result.reply.stats);
        escalated = true;
        emit({
          type: 'retry',
          step,
          attempt,
          delayMs: 0,
          reason: `the reply was cut at the output limit of ${options.outputLimit} tokens; asking again with ${larger}`,
        });
        options = { ...options, outputLimit: larger };
        attempt--;
        continue;
      }
      return { result, model, outputLimit: options.outputLimit };
    }
    const { error } = result;
    if (error.billed) context.bill(error.billed);
    if (error.kind === 'aborted' || !error.retryable) return { result, model, outputLimit: options.outputLimit };
    if (error.kind === 'overloaded') overloads++;
    else overloads = 0;
    if (overloads >= policy.overloadsBeforeFallback && policy.fallbackModel && model !== policy.fallbackModel) {
      emit({
        type: 'model.fallback',
        step,
        from: model,
        to: policy.fallbackModel,
        reason: `${overloads} overloaded replies in a row`,
      });
      model = policy.fallbackModel;
      overloads = 0;
    }
    if (attempt >= policy.maxAttempts) {
      const message = `${error.message} (gave up after ${attempt} attempts)`;
      return { result: { ok: false, error: { ...error, message } }, model, outputLimit: options.outputLimit };
    }
    const delayMs = backoffDelay(policy, attempt, random, error.retryAfterMs);
    emit({ type: 'retry', step, attempt, delayMs, reason: `${error.kind}: ${error.message}` });
    if (!(await wait(delayMs, request.signal))) {
      return {
        result: { ok: false, error: { kind: 'aborted', message: 'stopped while waiting to retry', retryable: false } },
        model,
      };
    }
  }
}
