/**
 * O2, U5: results of many runs as one row per configuration (model × protocol × preset): pass
 * rate with counts and its 95% interval and how much it varies between repeats, mean steps, tokens, time and parse
 * rate. One function for the CLI table and the page's table, so both show the same numbers.
 */
import type { EvalResult } from './eval-result';
import { compareRates, wilsonInterval } from './wilson-interval';
import type { Interval } from './wilson-interval';

export interface ConfigurationSummary {
  key: string;
  model: string;
  protocol: string;
  preset: string;
  runs: number;
  passed: number;
  passRate: number;
  /** The pass rate's 95% Wilson interval. */
  passInterval: Interval;
  /** Pass rate of the worst and the best repeat (same tasks, run again). */
  repeatSpread: { min: number; max: number };
  meanSteps: number;
  meanTokens: number;
  meanSeconds: number;
  /** Of meanSeconds, the server's prompt evaluation (undefined for results that did not record it). */
  meanPromptSeconds?: number;
  /** Prompt tokens the server evaluated per run (not taken from its cache): what a harness choice costs on a CPU. */
  meanTokensRead?: number;
  meanParseRate: number;
  /** O5: runs ending with a flagged final answer (unchecked, after a send-back, a change claimed, not made). */
  flagged: number;
  crashed: number;
  /** Per task: passed runs of all runs. */
  byTask: Record<string, { passed: number; runs: number }>;
  /** Per rung of the ladder (results without a rung are not in it): passed, runs and interval. */
  byRung: Record<number, RungSummary>;
}

export interface RungSummary {
  passed: number;
  runs: number;
  interval: Interval;
}

export const rungs = [1, 2, 3] as const;

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

export function configurationKey(result: Pick<EvalResult, 'model' | 'protocol' | 'preset'>): string {
  return `${result.model} · ${result.protocol} · ${result.preset}`;
}

export function summarize(results: readonly EvalResult[]): ConfigurationSummary[] {
  const groups = new Map<string, EvalResult[]>();
  for (const result of results) {
    const key = configurationKey(result);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.entries()].map(([key, group]) => summarizeGroup(key, group));
}

function summarizeGroup(key: string, group: readonly EvalResult[]): ConfigurationSummary {
  // Crashed runs say nothing about the model: they are counted, not scored.
  const scored = group.filter((result) => !result.crashed);
  const passed = scored.filter((result) => result.passed).length;
  return {
    key,
    model: group[0].model,
    protocol: group[0].protocol,
    preset: group[0].preset,
    runs: scored.length,
    passed,
    passRate: scored.length ? passed / scored.length : 0,
    passInterval: wilsonInterval(passed, scored.length),
    repeatSpread: repeatSpread(scored),
    meanSteps: mean(scored.map((result) => result.steps)),
    meanTokens: mean(scored.map((result) => result.promptTokens + result.outputTokens)),
    meanSeconds: mean(scored.map((result) => result.seconds)),
    ...(scored.some((result) => result.promptSeconds !== undefined)
      ? { meanPromptSeconds: mean(scored.map((result) => result.promptSeconds ?? 0)) }
      : {}),
    // Only runs whose server counted what it read: a server that reports nothing is not a zero.
    ...(scored.some((result) => result.promptTokensEvaluated !== undefined)
      ? { meanTokensRead: mean(scored.flatMap((result) => result.promptTokensEvaluated ?? [])) }
      : {}),
    meanParseRate: mean(scored.map((result) => result.parseRate)),
    flagged: scored.filter((result) => result.flags?.length).length,
    crashed: group.length - scored.length,
    byTask: byTask(scored),
    byRung: byRung(scored),
  };
}

/** The lowest and highest pass rate of one repeat. */
function repeatSpread(scored: readonly EvalResult[]): ConfigurationSummary['repeatSpread'] {
  const byRepeat = new Map<number, EvalResult[]>();
  for (const result of scored) byRepeat.set(result.repeat, [...(byRepeat.get(result.repeat) ?? []), result]);
  const rates = [...byRepeat.values()].map((runs) => runs.filter((result) => result.passed).length / runs.length);
  return { min: rates.length ? Math.min(...rates) : 0, max: rates.length ? Math.max(...rates) : 0 };
}

function byTask(scored: readonly EvalResult[]): ConfigurationSummary['byTask'] {
  // No prototype: a task named "__proto__" (results come from files) is just a key.
  const tasks = Object.create(null) as ConfigurationSummary['byTask'];
  for (const result of scored) {
    const entry = (tasks[result.task] ??= { passed: 0, runs: 0 });
    entry.runs++;
    if (result.passed) entry.passed++;
  }
  return tasks;
}

function byRung(scored: readonly EvalResult[]): Record<number, RungSummary> {
  const counts: Record<number, RungSummary> = {};
  for (const rung of rungs) {
    const on = scored.filter((result) => result.rung === rung);
    if (on.length === 0) continue;
    const ok = on.filter((result) => result.passed).length;
    counts[rung] = { passed: ok, runs: on.length, interval: wilsonInterval(ok, on.length) };
  }
  return counts;
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** "3/40 (3–20%)": passed of runs, and the 95% interval; short, so a narrow table keeps it on one or two lines. */
export function rungCell(rung: RungSummary | undefined): string {
  if (!rung) return '–';
  return `${rung.passed}/${rung.runs} (${Math.round(rung.interval.low * 100)}–${percent(rung.interval.high)})`;
}

/** The comparison as rows of text cells (header first), for the terminal and for tests. */
export function summaryRows(summaries: readonly ConfigurationSummary[]): string[][] {
  const header = [
    'model',
    'protocol',
    'preset',
    'passed',
    'pass rate',
    '95% interval',
    'repeat spread',
    ...rungs.map((rung) => `rung ${rung}`),
    'mean steps',
    'mean tokens',
    'tokens read',
    'mean s',
    'prompt s',
    'parse rate',
    'flagged',
    'crashed',
  ];
  const rows = summaries.map((summary) => [
    summary.model,
    summary.protocol,
    summary.preset,
    `${summary.passed}/${summary.runs}`,
    percent(summary.passRate),
    `${percent(summary.passInterval.low)}–${percent(summary.passInterval.high)}`,
    `${percent(summary.repeatSpread.min)}–${percent(summary.repeatSpread.max)}`,
    ...rungs.map((rung) => rungCell(summary.byRung[rung])),
    summary.meanSteps.toFixed(1),
    Math.round(summary.meanTokens).toString(),
    summary.meanTokensRead !== undefined ? Math.round(summary.meanTokensRead).toString() : '–',
    summary.meanSeconds.toFixed(1),
    summary.meanPromptSeconds?.toFixed(1) ?? '–',
    percent(summary.meanParseRate),
    summary.flagged.toString(),
    summary.crashed.toString(),
  ]);
  return [header, ...rows];
}

/**
 * Which tasks each configuration gets done: a row per task, a column per configuration, cells
 * "passed/runs" ("–" where it did not run). Answers "my kind of task", which a pass rate hides.
 */
export function taskRows(summaries: readonly ConfigurationSummary[]): string[][] {
  const tasks = [...new Set(summaries.flatMap((summary) => Object.keys(summary.byTask)))].sort();
  const header = ['task', ...summaries.map((summary) => summary.key)];
  return [
    header,
    ...tasks.map((task) => [
      task,
      ...summaries.map((summary) =>
        summary.byTask[task] ? `${summary.byTask[task].passed}/${summary.byTask[task].runs}` : '–',
      ),
    ]),
  ];
}

/** Rows of cells as aligned text columns. */
export function textTable(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function summaryTable(summaries: readonly ConfigurationSummary[]): string {
  return textTable(summaryRows(summaries));
}

/**
 * What the table may be read to say, pair by pair: over all tasks, and per rung where both ran
 * it (a profile may lift rung 1 and nothing else). Up to `max` configurations; beyond that the
 * table speaks alone.
 */
export function verdicts(summaries: readonly ConfigurationSummary[], max = 6): string[] {
  if (summaries.length < 2 || summaries.length > max) return [];
  const lines: string[] = [];
  summaries.forEach((a, index) => {
    for (const b of summaries.slice(index + 1)) {
      lines.push(compareRates({ label: a.key, ...a }, { label: b.key, ...b }));
      for (const rung of rungs) {
        const [x, y] = [a.byRung[rung], b.byRung[rung]];
        // A rung that holds every run of both says nothing the overall line did not.
        if (x && y && (x.runs < a.runs || y.runs < b.runs))
          lines.push(`rung ${rung}: ${compareRates({ label: a.key, ...x }, { label: b.key, ...y })}`);
      }
    }
  });
  return lines;
}
