/**
 * P2: the warm-up sends the server the stable prefix before Run — exactly the bytes
 * the first real request starts with, so the server's cache holds them — and never changes what
 * the model is asked: a stale or failed warm-up costs only time.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool } from '../helpers';

const files = { 'README.md': '# Demo\nThe answer is 42.\n', 'src/a.js': 'export const a = 1;\n' };

describe('P2 the warm-up', () => {
  for (const [protocol, profile] of [
    ['text', 'default'],
    ['native', 'default'],
    ['constrained', 'small'],
  ] as const)
    it(`P2 sends exactly the prefix the first request starts with (${protocol}, ${profile} profile)`, async () => {
      const h = harness([tool('read_file', { path: 'README.md' }), final('42')], {
        files,
        settings: { protocol, profile, options: { contextWindow: 4096, temperature: 0 } },
        model: { capabilities: ['completion', 'tools'] },
      });
      const warmed = await h.agent.warm();
      expect(warmed?.ok).toBe(true);
      // Nothing of the warm-up is in the session's story: no event, no item.
      expect(h.events).toEqual([]);
      expect(h.agent.session.history).toEqual([]);
      await h.agent.run('What is the answer?');
      const [warm] = h.model.warmed;
      const first = h.model.requests[0];
      expect(warm.messages).toHaveLength(1);
      expect(warm.messages[0]).toEqual(first.messages[0]);
      expect(warm.tools).toEqual(first.tools);
      expect(warm.options).toEqual(first.options);
      expect(warm.model).toBe(first.model);
    });

  it('P2 a stale warm-up costs nothing but time: a settings change afterwards is what the run sends', async () => {
    const h = harness([final('done')], { files, settings: { protocol: 'text' } });
    await h.agent.warm();
    h.agent.session.settings = {
      ...h.agent.session.settings,
      sectionOverrides: { identity: 'You are a careful reviewer.' },
    };
    const result = await h.agent.run('Review src/a.js');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'done' });
    expect(h.model.requests[0].messages[0].content).toContain('You are a careful reviewer.');
    expect(h.model.warmed[0].messages[0].content).not.toContain('careful reviewer');
  });

  it('P2 a warm-up stopped before it is sent sends nothing; one during a run is not made', async () => {
    const h = harness([final('done')], { files });
    const stop = new AbortController();
    stop.abort();
    expect(await h.agent.warm(stop.signal)).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    expect(h.model.warmed).toHaveLength(0);
    const running = h.agent.run('go');
    expect(await h.agent.warm()).toBeUndefined();
    await running;
  });
});
