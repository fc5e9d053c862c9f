/** R1, R2: how hard to try again, and how long to wait. */

export interface RetryPolicy {
  /** Tries per request for transient failures (connection, 5xx, busy, broken stream). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Overloads in a row before switching to the fallback model. */
  overloadsBeforeFallback: number;
  fallbackModel?: string;
  /** R2: the largest output limit an escalation may ask for. */
  maxOutputLimit: number;
  /** R2: how many times a cut reply is continued with a "resume directly" notice. */
  maxContinuations: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 32000,
  overloadsBeforeFallback: 3,
  maxOutputLimit: 8192,
  maxContinuations: 2,
};

/**
 * Exponential backoff (0.5 s doubling to the cap) with "equal jitter": half the delay fixed,
 * half random, so that many clients retrying at once spread out. Retry-After wins when given.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, policy.maxDelayMs * 2);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Resolves after `ms`, or early (to false) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
