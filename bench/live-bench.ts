/**
 * npm run bench:live — numbers from the real thing (O3): for each model the provisioned Ollama
 * serves, time to first token and tokens per second; prompt evaluation of a cold prompt vs. the
 * same prompt extended by one step (the KV cache's effect); and, through the real harness, the
 * share of replies that parsed, per protocol (native too, on a model that lists "tools"), and in
 * the native protocol how many replies were tool calls. Needs OLLAMA_HOST.
 *
 * It keeps to a time budget (BENCH_BUDGET_S, default 540 s: under 10 minutes on 2 cores): the
 * budget left is shared among the measurements still to do, each stops at its share, and the
 * number of steps it reached is printed with its rate. Progress goes to stderr.
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
const budgetMs = Number(process.env.BENCH_BUDGET_S ?? 540) * 1000;
const benchStart = performance.now();
const remainingMs = () => Math.max(0, budgetMs - (performance.now() - benchStart));
const progress = (line: string) =>
  process.stderr.write(`[bench:live ${((performance.now() - benchStart) / 1000).toFixed(0)} s] ${line}\n`);
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

async function parseRate(model: string, protocol: Protocol, shareMs: number) {
  let parsed = 0;
  let total = 0;
  let toolCalls = 0;
  const deadline = performance.now() + shareMs;
  for (let round = 0; total < stepsPerProtocol && performance.now() < deadline; round++) {
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
    await agent.run(sample.task, {
      signal: AbortSignal.timeout(Math.max(1000, Math.round(deadline - performance.now()))),
    });
    for (const event of events) {
      if (event.type !== 'parse.result') continue;
      total++;
      if (event.kind !== 'malformed') parsed++;
      if (event.kind === 'tool') toolCalls++;
    }
    progress(`${model} ${protocol}: ${parsed}/${total} parsed so far`);
  }
  return { steps: total, parsed, toolCalls, rate: total ? parsed / total : 0 };
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
  // Measurements still to do, so each gets its share of the budget left.
  const plan: { model: string; protocols: Protocol[] }[] = [];
  for (const model of tags) {
    const info = await client.describe(model);
    const tools = 'capabilities' in info && info.capabilities.includes('tools');
    // A tools-declaring import of weights already measured (same GGUF) adds only the native protocol.
    const twin = tools && tags.some((other) => other !== model && model.replace('-tools', '') === other);
    plan.push({
      model,
      protocols: twin ? ['native'] : tools ? ['text', 'constrained', 'native'] : ['text', 'constrained'],
    });
  }
  let left = plan.reduce((sum, entry) => sum + entry.protocols.length + 1, 0);
  for (const { model, protocols } of plan) {
    const tools = protocols.includes('native');
    progress(`${model}: speed and cache`);
    const entry: Record<string, unknown> = { ...(await speed(model)), cache: await cacheEffect(model), parse: {} };
    left--;
    console.log(
      `${model}: time to first token ${(entry.ttftMs as number).toFixed(0)} ` +
        `ms, ${(entry.tokensPerSecond as number).toFixed(1)} tokens/s`,
    );
    const cache = entry.cache as Awaited<ReturnType<typeof cacheEffect>>;
    console.log(
      `${model}: prompt eval cold ${cache.coldTokens} tokens in ` +
        `${cache.coldMs.toFixed(0)} ms; extended by one step ` +
        `${cache.extendedTokens} tokens in ${cache.extendedMs.toFixed(0)} ms`,
    );
    for (const protocol of protocols) {
      const share = remainingMs() / Math.max(1, left);
      left--;
      progress(`${model} ${protocol}: up to ${stepsPerProtocol} steps or ${(share / 1000).toFixed(0)} s`);
      const rate = await parseRate(model, protocol, share);
      (entry.parse as Record<string, unknown>)[protocol] = rate;
      const calls = protocol === 'native' ? `; ${rate.toolCalls} of them tool calls` : '';
      console.log(
        `${model}: ${protocol} protocol: ${rate.parsed}/${rate.steps} replies ` +
          `parsed (${(rate.rate * 100).toFixed(0)}%)${calls}`,
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
