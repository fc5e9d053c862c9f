/** O5: where a sweep's seconds go, read from a run's events (scripts/run-seconds.ts). */
import { describe, expect, it } from 'vitest';
import { timeOf } from '../../../scripts/run-seconds';
import type { HarnessEvent } from '../../../src/lib/harness/events';

const at = (sessionId: string, seconds: number, body: Record<string, unknown>) =>
  ({ sessionId, at: seconds * 1000, ...body }) as unknown as HarnessEvent;
const stats = (promptSeconds: number) => ({ promptSeconds, outputSeconds: 1 });

describe('O5 run seconds', () => {
  it("O5 a delegated child's requests count once: inside the parent's delegate call, not again as the parent's", () => {
    const events = [
      at('top', 0, { type: 'run.started' }),
      at('top', 0, { type: 'request.sent', step: 1 }),
      at('top', 10, { type: 'response.done', step: 1, stats: stats(6) }),
      // The child's step 1 shares the parent's step number; its 20 s are the delegate call's.
      at('child', 10, { type: 'run.started' }),
      at('child', 10, { type: 'request.sent', step: 1 }),
      at('child', 30, { type: 'response.done', step: 1, stats: stats(15) }),
      at('top', 31, { type: 'tool.finished', name: 'delegate', durationMs: 21_000 }),
      at('top', 31, { type: 'request.sent', step: 2 }),
      at('top', 35, { type: 'response.done', step: 2, stats: stats(2) }),
      at('top', 35, { type: 'run.finished' }),
    ];
    const time = timeOf(events);
    expect(time.model).toBe(14);
    expect(time.prompt).toBe(8);
    expect(time.tools).toBe(21);
    // Model and tools add up to the run's 35 s, so "other" is not negative.
    expect(time.model + time.tools).toBe(35);
    expect(time.last - time.first).toBe(35_000);
  });
});
