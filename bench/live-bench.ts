/**
 * npm run bench:live — numbers from the real thing (O3): for each model the provisioned Ollama
 * serves, time to first token and tokens per second; prompt evaluation of a cold prompt vs. the
 * same prompt extended by one step (the KV cache's effect); and, through the real harness, the
 * share of replies that parsed, per protocol, over at least 30 steps each. Needs OLLAMA_HOST.
 */
import { Agent } from '../src/lib/harness/agent';
import type { HarnessEvent } from '../src/lib/harness/events';
import type { Protocol } from '../src/lib/harness/settings';
import { defaultSettings } from '../src/lib/harness/settings';
import { OllamaModelClient } from '../src/lib/model/ollama-model-client';
import { MemorySessionStore } from '../src/lib/store/memory-session-store';
import { MemoryWorkspace } from '../src/lib/workspace/memory-workspace';
import { sampleProjects } from '../src/lib/workspace/samples/sample-projects';
import { analyzeShellCommand } from '../src/lib/workspace/shell-command-analyzer';
import { normalizeHost } from '../tests/live/live-target';

const host = normalizeHost(process.env.OLLAMA_HOST);
if (!host) {
  console.error('bench:live needs OLLAMA_HOST (start a server with `npm run ollama:serve`)');
  process.exit(2);
}
const stepsPerProtocol = Number(process.env.BENCH_STEPS ?? 30);
const client = new OllamaModelClient({ host });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function speed(model: string) {
  const firstToken: number[] = [];
  const perSecond: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    let first: number | undefined;
    const result = await client.chat({
      model,
      messages: [{ role: 'user', content: `Write three short sentences about the number ${run + 7}.` }],
      options: { numCtx: 2048, numPredict: 64, temperature: 0 },
      signal: AbortSignal.timeout(120_000),
      onToken: () => (first ??= performance.now()),
    });
    if (!result.ok) throw new Error(result.error.message);
    if (first) firstToken.push(first - started);
    const { evalCount, evalDurationNs } = result.reply.stats;
    if (evalCount && evalDurationNs) perSecond.push(evalCount / (evalDurationNs / 1e9));
  }
  return { ttftMs: median(firstToken), tokensPerSecond: median(perSecond) };
}

async function cacheEffect(model: string) {
  const system = `Bench ${Date.now()}. ${Array.from({ length: 400 }, (_, index) => `rule${index}`).join(' ')}`;
  const post = async (messages: { role: string; content: string }[]) =>
    (await (
      await fetch(`${host}/api/chat`, {
        method: 'POST',
        body: JSON.stringify({
          model,
          messages,
          stream: false,
          options: { num_ctx: 4096, num_predict: 8, temperature: 0 },
        }),
      })
    ).json()) as Record<string, unknown>;
  const first = [
    { role: 'system', content: system },
    { role: 'user', content: 'One word.' },
  ];
  const cold = await post(first);
  const warm = await post([
    ...first,
    { role: 'assistant', content: (cold.message as { content: string }).content },
    { role: 'user', content: 'Another.' },
  ]);
  return {
    coldTokens: cold.prompt_eval_count as number,
    coldMs: (cold.prompt_eval_duration as number) / 1e6,
    extendedTokens: warm.prompt_eval_count as number,
    extendedMs: (warm.prompt_eval_duration as number) / 1e6,
  };
}

async function parseRate(model: string, protocol: Protocol) {
  let parsed = 0;
  let total = 0;
  for (let round = 0; total < stepsPerProtocol; round++) {
    const sample = sampleProjects[round % sampleProjects.length];
    const events: HarnessEvent[] = [];
    const agent = new Agent({
      model: client,
      modelName: model,
      workspace: new MemoryWorkspace({ files: sample.files }),
      store: new MemorySessionStore(),
      analyzeShell: analyzeShellCommand,
      settings: defaultSettings({
        protocol,
        approval: 'auto',
        options: { numCtx: 4096, numPredict: 160, temperature: 0.2 },
        limits: { maxSteps: 6, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 0, maxFailedSteps: 0 },
      }),
      retryPolicy: {
        maxAttempts: 2,
        baseDelayMs: 500,
        maxDelayMs: 2000,
        overloadsBeforeFallback: 9,
        maxNumPredict: 320,
        maxContinuations: 0,
      },
      onEvent: (event) => events.push(event),
    });
    await agent.run(sample.task);
    for (const event of events) {
      if (event.type !== 'parse.result') continue;
      total++;
      if (event.kind !== 'malformed') parsed++;
    }
  }
  return { steps: total, parsed, rate: parsed / total };
}

async function main() {
  const version = ((await (await fetch(`${host}/api/version`)).json()) as { version: string }).version;
  const tags = ((await (await fetch(`${host}/api/tags`)).json()) as { models: { name: string }[] }).models.map(
    (entry) => entry.name,
  );
  const report: Record<string, unknown> = {
    ollama: version,
    host,
    date: new Date().toISOString().slice(0, 10),
    models: {},
  };
  console.log(`Ollama ${version} at ${host}; models: ${tags.join(', ')}`);
  for (const model of tags) {
    const info = await client.describe(model);
    const tools = 'capabilities' in info && info.capabilities.includes('tools');
    const protocols: Protocol[] = tools ? ['text', 'constrained', 'native'] : ['text', 'constrained'];
    const entry: Record<string, unknown> = { ...(await speed(model)), cache: await cacheEffect(model), parse: {} };
    console.log(
      `${model}: time to first token ${(entry.ttftMs as number).toFixed(0)} ms, ${(entry.tokensPerSecond as number).toFixed(1)} tokens/s`,
    );
    const cache = entry.cache as Awaited<ReturnType<typeof cacheEffect>>;
    console.log(
      `${model}: prompt eval cold ${cache.coldTokens} tokens in ${cache.coldMs.toFixed(0)} ms; extended by one step ${cache.extendedTokens} tokens in ${cache.extendedMs.toFixed(0)} ms`,
    );
    for (const protocol of protocols) {
      const rate = await parseRate(model, protocol);
      (entry.parse as Record<string, unknown>)[protocol] = rate;
      console.log(
        `${model}: ${protocol} protocol: ${rate.parsed}/${rate.steps} replies parsed (${(rate.rate * 100).toFixed(0)}%)`,
      );
    }
    if (!tools) console.log(`${model}: native protocol: not measured (the model does not list the "tools" capability)`);
    (report.models as Record<string, unknown>)[model] = entry;
  }
  console.log(JSON.stringify(report));
}

main().catch((error: Error) => {
  console.error(`bench:live failed: ${error.message}`);
  process.exit(1);
});
