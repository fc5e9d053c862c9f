/**
 * C4 P2: over a long scripted session at num_ctx 8192 (writes, reads, commands), the
 * prompt cache breaks only at compaction steps: request k+1 starts with request k and the reply
 * the model gave to it, byte for byte, everywhere else.
 */
import { describe, expect, it } from 'vitest';
import { messageText, requestText } from '../../../src/lib/harness/context/prefix-reuse';
import { defaultLimits } from '../../../src/lib/harness/settings';
import { harness } from '../helpers';
import { calls, longSessionFiles, reply, replyMessage } from '../../fixtures/long-session';

describe('C4 cache breaks in a 60-step session', () => {
  for (const protocol of ['text', 'native'] as const) {
    it(`C4 P2 a 60-step session at num_ctx 8192 (${protocol}) breaks the prefix only at compaction steps`, async () => {
      const files = longSessionFiles();
      const script = calls(60);
      const h = harness(
        [...script, undefined].map((call) => reply(protocol, call)),
        {
          files,
          settings: {
            protocol,
            options: { contextWindow: 8192, outputLimit: 1024 },
            limits: { ...defaultLimits, maxSteps: 0 },
          },
        },
      );
      expect((await h.agent.run('tidy the project')).outcome.kind).toBe('final');
      expect(h.model.requests).toHaveLength(60);
      const compacted = new Set(h.of('compaction').map((event) => event.step));
      const breaks: string[] = [];
      for (let k = 0; k + 1 < h.model.requests.length; k++) {
        const before = requestText(h.model.requests[k].messages) + messageText(replyMessage(protocol, script[k]));
        const after = requestText(h.model.requests[k + 1].messages);
        if (after.startsWith(before) || compacted.has(k + 2)) continue;
        let at = 0;
        while (before[at] === after[at]) at++;
        breaks.push(`step ${k + 2} at ${at}: ${JSON.stringify(before.slice(at - 30, at + 50))}`);
      }
      expect(breaks).toEqual([]);
      // The inspector's reason for each break: only shortening and compaction steps have one.
      const reasons = h.of('prompt.assembled').flatMap((event) => (event.prefixBreak ? [event.prefixBreak] : []));
      expect(reasons.length).toBeGreaterThan(0);
      for (const reason of reasons) expect(reason).toMatch(/^(compaction|shortening): /);
      // C4: compactions are rare and each frees real room — the prompt lands at well
      // under half of where it was; shortenings and compactions together at most 4.
      const steps = h.of('compaction');
      expect(steps.length).toBeLessThanOrEqual(4);
      for (const step of steps)
        expect(step.afterChars / step.beforeChars, step.reason).toBeLessThan(
          step.reason.includes('shortened') ? 0.6 : 0.5,
        );
      // The window is never exceeded: every request the server got fitted its budget.
      for (const event of h.of('response.done'))
        expect(event.stats.promptTokens! + 1024, `step ${event.step}`).toBeLessThanOrEqual(8192);
      expect(h.of('context.truncated')).toEqual([]);
      // The newest turn is always kept: the request after a compaction ends with the result just asked for.
      for (const step of steps) {
        const sent = h.model.requests[step.step - 1].messages;
        expect(sent.at(-1)?.role, `step ${step.step}`).toMatch(/tool|user/);
        expect(sent.length, `step ${step.step}`).toBeGreaterThan(2);
      }
    });
  }
});
