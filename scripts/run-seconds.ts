/**
 * O5: where a sweep's seconds go. `npx tsx scripts/run-seconds.ts DIR…` reads each sweep folder's
 * results.jsonl and the sessions beside it, and prints per server: runs, the sweep's runs per hour
 * (wall clock, first run's start to last run's end), and a run's mean seconds split into the
 * model's requests (of them, what the server reports as prompt reading, generation and loading),
 * tool calls, the harness's own checks, and the rest (the eval's check, the harness itself).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseResults } from '../src/lib/evals/results-file';
import type { HarnessEvent } from '../src/lib/harness/events';
import { upgradeEvent } from '../src/lib/harness/model-options';
import { textTable } from '../src/lib/evals/eval-summary';

interface Split {
  runs: number;
  seconds: number;
  model: number;
  prompt: number;
  generation: number;
  load: number;
  tools: number;
  checks: number;
  first: number;
  last: number;
}

const empty = (): Split => ({
  runs: 0,
  seconds: 0,
  model: 0,
  prompt: 0,
  generation: 0,
  load: 0,
  tools: 0,
  checks: 0,
  first: Infinity,
  last: 0,
});

/** One session's events, split by where the time went (seconds). */
export function timeOf(events: readonly HarnessEvent[]): Omit<Split, 'runs' | 'seconds'> {
  const split = { ...empty() };
  const sent = new Map<number, number>();
  // A delegated child's events share the session file: its requests and tools are inside the
  // parent's delegate call, so only the top session's are counted (else they count twice).
  const top = events.find((event) => event.type === 'run.started')?.sessionId;
  for (const event of events) {
    if (top !== undefined && event.sessionId !== top) continue;
    if (event.type === 'run.started') split.first = Math.min(split.first, event.at);
    if (event.type === 'run.finished') split.last = Math.max(split.last, event.at);
    if (event.type === 'request.sent') sent.set(event.step, event.at);
    if (event.type === 'response.done') {
      const at = sent.get(event.step);
      if (at !== undefined && event.at >= at) split.model += (event.at - at) / 1000;
      split.prompt += event.stats.promptSeconds ?? 0;
      split.generation += event.stats.outputSeconds ?? 0;
      split.load += event.stats.loadSeconds ?? 0;
    }
    if (event.type === 'tool.finished') split.tools += event.durationMs / 1000;
    if (event.type === 'check.finished') split.checks += event.durationMs / 1000;
  }
  return split;
}

export function sweepSeconds(directory: string): Map<string, Split> {
  const { results } = parseResults(readFileSync(join(directory, 'results.jsonl'), 'utf8'));
  const byHost = new Map<string, Split>();
  for (const result of results) {
    if (result.crashed || !result.session) continue;
    const file = join(directory, result.session);
    if (!existsSync(file)) continue;
    const { events } = JSON.parse(readFileSync(file, 'utf8')) as { events: HarnessEvent[] };
    // Sessions written before the stats had neutral names are read in the current ones.
    const time = timeOf(events.map(upgradeEvent));
    const host = result.host ?? 'local';
    const split = byHost.get(host) ?? empty();
    split.runs++;
    split.seconds += result.seconds;
    for (const key of ['model', 'prompt', 'generation', 'load', 'tools', 'checks'] as const) split[key] += time[key];
    split.first = Math.min(split.first, time.first);
    split.last = Math.max(split.last, time.last);
    byHost.set(host, split);
  }
  return byHost;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [
    [
      'sweep',
      'server',
      'runs',
      'runs/h',
      'mean s',
      'model',
      'prompt read',
      'generation',
      'load',
      'tools',
      'checks',
      'other',
    ],
  ];
  for (const directory of process.argv.slice(2)) {
    const hosts = sweepSeconds(directory);
    const all = [...hosts.values()];
    const first = Math.min(...all.map((split) => split.first));
    const last = Math.max(...all.map((split) => split.last));
    const total = all.reduce((sum, split) => sum + split.runs, 0);
    for (const [host, split] of hosts) {
      const mean = (value: number) => (value / split.runs).toFixed(1);
      const other = split.seconds - split.model - split.tools - split.checks;
      rows.push([
        directory.split('/').filter(Boolean).at(-1)!,
        host.replace(/^https?:\/\//, ''),
        String(split.runs),
        ((total / (last - first)) * 3_600_000).toFixed(1),
        mean(split.seconds),
        mean(split.model),
        mean(split.prompt),
        mean(split.generation),
        mean(split.load),
        mean(split.tools),
        mean(split.checks),
        mean(other),
      ]);
    }
  }
  console.log(textTable(rows));
}
