/**
 * npm run bench:live — numbers from the real thing (O3, issues 32 and 36), for the coding models
 * the provisioned Ollama serves (BENCH_MODELS to choose): time to first token and generation
 * speed; a cold prompt against the same prompt extended by a step; the time from Run to the
 * first reply, cold and after the warm-up; what compaction costs the server over a fixed
 * 10-step trajectory, with the old compaction and the new; and through the harness, the replies
 * that parsed and the form each tool call came in. Needs OLLAMA_HOST.
 *
 * It keeps to a time budget (BENCH_BUDGET_S, default 1800 s): the parse rates share what is left.
 * BENCH_PARTS picks parts (speed, first, compaction, replies; default all), to measure one again.
 * Progress goes to stderr; the last line of stdout is the whole report as JSON.
 */
import type { Protocol } from '../src/lib/harness/settings';
import { OllamaModelClient } from '../src/lib/model/ollama-model-client';
import { normalizeHost } from '../tests/live/live-target';
import { cacheEffect, speed } from './live/speed';
import { firstCall } from './live/first-call';
import { compactionCost } from './live/compaction-cost';
import { replyForms } from './live/reply-forms';

const host = normalizeHost(process.env.OLLAMA_HOST);
if (!host) {
  console.error('bench:live needs OLLAMA_HOST (start a server with `npm run ollama:serve`)');
  process.exit(2);
}
const budgetMs = Number(process.env.BENCH_BUDGET_S ?? 1800) * 1000;
const benchStart = performance.now();
const remainingMs = () => Math.max(0, budgetMs - (performance.now() - benchStart));
const progress = (line: string) =>
  process.stderr.write(`[bench:live ${((performance.now() - benchStart) / 1000).toFixed(0)} s] ${line}\n`);
const client = new OllamaModelClient({ host });
const wantedModels = (process.env.BENCH_MODELS ?? 'qwen2.5-coder:0.5b,qwen2.5-coder:1.5b').split(',');
const protocols: Protocol[] = ['native', 'constrained'];
const parts = new Set((process.env.BENCH_PARTS ?? 'speed,first,compaction,replies').split(','));

async function main() {
  const version = ((await (await fetch(`${host}/api/version`)).json()) as { version: string }).version;
  const tags = ((await (await fetch(`${host}/api/tags`)).json()) as { models: { name: string }[] }).models.map(
    (entry) => entry.name,
  );
  const models = wantedModels.filter((model) => tags.includes(model));
  const cpu = (await import('node:os')).cpus()[0]?.model ?? 'unknown CPU';
  const report: Record<string, unknown> = { ollama: version, host, cpu, date: new Date().toISOString().slice(0, 10) };
  console.log(
    `Ollama ${version} at ${host} on ${cpu}; models: ${models.join(', ') || 'none of ' + wantedModels.join(', ')}`,
  );
  const perModel: Record<string, Record<string, unknown>> = {};
  for (const model of models) {
    const entry: Record<string, unknown> = {};
    perModel[model] = entry;
    if (parts.has('speed')) {
      progress(`${model}: speed and cache`);
      Object.assign(entry, await speed(client, model), { cache: await cacheEffect(host!, model) });
      console.log(`${model}: ${JSON.stringify(entry)}`);
    }
    if (parts.has('first')) {
      progress(`${model}: Run to first reply, cold then warm`);
      entry.firstReply = { cold: await firstCall(client, model, false), warm: await firstCall(client, model, true) };
      console.log(`${model}: first reply ${JSON.stringify(entry.firstReply)}`);
    }
  }
  if (models[0] && parts.has('compaction')) {
    progress(`${models[0]}: compaction cost, half then a quarter kept`);
    report.compaction = [await compactionCost(client, models[0], 0.5), await compactionCost(client, models[0], 0.25)];
    console.log(`compaction: ${JSON.stringify(report.compaction)}`);
  }
  const shares = models.length * protocols.length;
  for (const model of parts.has('replies') ? models : [])
    for (const protocol of protocols) {
      const share = remainingMs() / Math.max(1, shares);
      progress(`${model} ${protocol}: reply forms for up to ${(share / 1000).toFixed(0)} s`);
      const forms = await replyForms(client, model, protocol, share);
      perModel[model].replies ??= {} as Record<string, unknown>;
      (perModel[model].replies as Record<string, unknown>)[protocol] = forms;
      console.log(`${model} ${protocol}: ${JSON.stringify(forms)}`);
    }
  report.models = perModel;
  console.log(JSON.stringify(report));
}

main().catch((error: Error) => {
  console.error(`bench:live failed: ${error.message}`);
  process.exit(1);
});
