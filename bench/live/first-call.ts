/**
 * bench:live: the time from Run to the model's first reply (and whether it was a tool
 * call), with the server's cache cold and after the page's warm-up. Cold means a prefix the
 * server has not read: another prompt is read in between, as after any other session.
 */
import type { HarnessEvent } from '../../src/lib/harness/events';
import type { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { sampleProjects } from '../../src/lib/workspace/samples/sample-projects';
import { agentFor } from './agent-for';

async function flushCache(client: OllamaModelClient, model: string): Promise<void> {
  await client.chat({
    model,
    messages: [{ role: 'user', content: `Unrelated ${Date.now()}: ${'filler '.repeat(200)}` }],
    options: { contextWindow: 8192, outputLimit: 1 },
    signal: AbortSignal.timeout(600_000),
  });
}

export async function firstCall(client: OllamaModelClient, model: string, warm: boolean) {
  const sample = sampleProjects[0];
  const events: HarnessEvent[] = [];
  const settings = { protocol: 'native' as const, options: { contextWindow: 8192, outputLimit: 256, temperature: 0 } };
  const agent = agentFor({ client, model, files: sample.files, settings, events });
  await flushCache(client, model);
  let warmed: { tokens?: number; ms?: number } = {};
  if (warm) {
    const result = await agent.warm(AbortSignal.timeout(600_000));
    if (result?.ok) warmed = { tokens: result.stats.promptTokens, ms: (result.stats.promptSeconds ?? 0) * 1000 };
  }
  const stop = new AbortController();
  const started = performance.now();
  let firstReplyMs: number | undefined;
  const running = agent.run(sample.task, { signal: stop.signal });
  // The first reply is all this measures: the run is stopped there.
  while (firstReplyMs === undefined && performance.now() - started < 900_000) {
    if (events.some((event) => event.type === 'parse.result')) firstReplyMs = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stop.abort();
  await running;
  const parsed = events.find((event) => event.type === 'parse.result');
  const done = events.find((event) => event.type === 'response.done');
  return {
    warm,
    ...(warm ? { warmUp: warmed } : {}),
    firstReplyMs: firstReplyMs ?? NaN,
    firstReplyKind: parsed?.type === 'parse.result' ? parsed.kind : 'none',
    recovered: parsed?.type === 'parse.result' ? (parsed.recovered ?? '') : '',
    promptTokens: done?.type === 'response.done' ? done.stats.promptTokens : undefined,
    promptMs: done?.type === 'response.done' ? (done.stats.promptSeconds ?? 0) * 1000 : undefined,
  };
}
