/**
 * C4: compacting to a quarter of the room must make a CPU server read less than the
 * old rule (keep half), not just compact less often. Measured offline on the long scripted
 * session with a one-slot prefix cache (tests/fixtures/read-cost.ts); bench:live checks the
 * same on the real server.
 */
import { describe, expect, it } from 'vitest';
import { compactionKeepShare } from '../../../src/lib/harness/context/context-budget';
import { readCost } from '../../fixtures/read-cost';

describe('C4 what compaction makes the server read', () => {
  for (const steps of [60, 150])
    it(`C4 in a ${steps}-step session at num_ctx 8192 the default compaction makes the server read less than keeping half`, async () => {
      const half = await readCost({ steps, contextWindow: 8192, keepShare: 0.5 });
      const now = await readCost({ steps, contextWindow: 8192, keepShare: compactionKeepShare });
      expect(now.compactions).toBeLessThanOrEqual(half.compactions);
      expect(now.readChars).toBeLessThan(half.readChars * 0.9);
      // A cache that never broke would still read each step's new text: the figures are of that order.
      expect(now.readChars).toBeLessThan(now.sentChars / 5);
    });
});
