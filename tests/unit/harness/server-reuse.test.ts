/** P2: the server's own reuse figure beside the harness's estimate. */
import { describe, expect, it } from 'vitest';
import { ReadRates, ServerReuseMeter } from '../../../src/lib/harness/server-reuse';
import { final, harness, tool } from '../helpers';

describe('P2 server-measured reuse', () => {
  it('P2 a reported cached count is taken as is', () => {
    const meter = new ServerReuseMeter();
    expect(meter.measure({ promptTokens: 900, cachedPromptTokens: 850, promptSeconds: 0.001 })).toEqual({
      tokens: 850,
      source: 'reported',
    });
  });

  it('P2 without one, the share is read from prompt_eval_duration against the slowest rate seen', () => {
    const meter = new ServerReuseMeter();
    // Ollama 0.24 on smollm2: 684 tokens cold in 7.1 s, then the same prefix in 0.16 s. The first
    // read has nothing to be compared with: no figure, not "0 reused".
    expect(meter.measure({ promptTokens: 684, promptSeconds: 7.136835428 })).toBeUndefined();
    const warm = meter.measure({ promptTokens: 684, promptSeconds: 0.163208342 })!;
    expect(warm.source).toBe('timing');
    expect(warm.tokens).toBeGreaterThan(660);
    expect(warm.tokens).toBeLessThanOrEqual(684);
  });

  it('P2 a server that gives no count or no duration gives no figure', () => {
    const meter = new ServerReuseMeter();
    expect(meter.measure({})).toBeUndefined();
    expect(meter.measure({ promptTokens: 10 })).toBeUndefined();
    expect(meter.measure({ promptTokens: 0, promptSeconds: 5e-9 })).toBeUndefined();
  });

  it('P2 every reply event carries the estimate and the server figure, named by source', async () => {
    const h = harness([tool('list_files', { path: '.' }), final('done')], {
      files: { 'a.txt': 'a' },
      agent: { modelName: 'first-read-basis' },
    });
    await h.agent.run('look');
    const done = h.of('response.done');
    expect(done).toHaveLength(2);
    // the model's first read is the basis the later ones are timed against
    expect(done[0].serverReusedTokens).toBeUndefined();
    for (const event of done.slice(1)) {
      expect(event.reusedPromptTokens).toBeTypeOf('number');
      expect(event.serverReuseSource).toBe('timing');
      expect(event.serverReusedTokens).toBeTypeOf('number');
    }
  });

  it('P2 a run that starts on a warm cache reads with the rate earlier reads of the model showed', () => {
    const rates = new ReadRates();
    new ServerReuseMeter(rates).measure({ promptTokens: 684, promptSeconds: 7.136835428 }, 'm');
    // The next run's first request was warmed beforehand: 684 tokens in 0.16 s is a cache hit,
    // not the speed of a full read.
    const next = new ServerReuseMeter(rates).measure({ promptTokens: 684, promptSeconds: 0.163208342 }, 'm');
    expect(next!.tokens).toBeGreaterThan(660);
    // Another model's rate is its own: its first read, fast or not, gives no figure.
    const other = new ServerReuseMeter(rates).measure({ promptTokens: 684, promptSeconds: 0.163208342 }, 'n');
    expect(other).toBeUndefined();
  });

  it('P2 after the warm-up, the first request of the run is counted as read from the cache, not evaluated', async () => {
    const h = harness([final('done')], {
      files: { 'a.txt': 'a' },
      agent: { modelName: 'warm-calibration' },
    });
    await h.agent.warm();
    await h.agent.run('look');
    const [done] = h.of('response.done');
    const system = h.model.requests[0].messages[0].content.length / 4;
    expect(done.serverReusedTokens).toBeGreaterThan(system * 0.9);
  });
});
