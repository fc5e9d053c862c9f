/**
 * O2: docs/measurements.md, written whole from the committed results (evals/results/*.jsonl) and
 * the sweeps that made them (evals/sweeps.json): `npx tsx scripts/measurements-doc.ts`. Nothing
 * in it is typed by hand, so it cannot drift from the data; a unit test compares the file with
 * what this writes. The story of the rounds is docs/history.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resultsFiles } from './results-files';
import { compactTableOf } from './eval-readme-table';
import { textTable } from '../src/lib/evals/eval-summary';
import { wilsonInterval } from '../src/lib/evals/wilson-interval';
import type { EvalResult } from '../src/lib/evals/eval-result';
import { loadEvals } from '../src/cli/load-evals';

export const measurementsFile = 'docs/measurements.md';

interface Sweep {
  name: string;
  why: string;
  ablation?: { group: string; arm: string };
}

function sweeps(): Sweep[] {
  return (JSON.parse(readFileSync('evals/sweeps.json', 'utf8')) as { sweeps: Sweep[] }).sweeps;
}

/** "a (3), b (1)": each value of a field with how many runs have it, most first. */
function tally(results: readonly EvalResult[], field: (result: EvalResult) => string | undefined): string {
  const counted = new Map<string, number>();
  for (const result of results) {
    const value = field(result) ?? 'not recorded';
    counted.set(value, (counted.get(value) ?? 0) + 1);
  }
  return [...counted]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => (counted.size === 1 ? value : `${value} (${count})`))
    .join(', ');
}

/**
 * The split a run's task was in. Rows written before runs named their split are read by their
 * task: round four's split (evals/splits-round4.json) for the tasks it named, else the task's own.
 */
function splitOf(): (result: EvalResult) => string | undefined {
  const round4 = JSON.parse(readFileSync('evals/splits-round4.json', 'utf8')) as Record<string, unknown>;
  const named = new Map<string, string>();
  for (const [split, label] of [
    ['tuning', "round four's tuning"],
    ['heldOut', "round four's held out"],
  ] as const)
    for (const tasks of Object.values(round4[split] as Record<string, string[]>))
      for (const task of tasks) named.set(task, label);
  const own = new Map(loadEvals('evals').map((task) => [task.id, task.split]));
  return (result) => result.split ?? named.get(result.task) ?? own.get(result.task);
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

function passed(results: readonly EvalResult[]): string {
  const scored = results.filter((result) => !result.crashed);
  const count = scored.filter((result) => result.passed).length;
  const interval = wilsonInterval(count, scored.length);
  return `${count} of ${scored.length} (${percent(interval.low)}–${percent(interval.high)})`;
}

/** One results file: why it ran, what ran it, and its table. */
function section(
  name: string,
  results: readonly EvalResult[],
  sweep: Sweep | undefined,
  split: (result: EvalResult) => string | undefined,
): string {
  const why = sweep
    ? sweep.why
    : 'No sweep in evals/sweeps.json made this file: `npm run eval` wrote it before sweeps were planned there.';
  const facts = [
    `- runs: ${results.length}; passed ${passed(results)}`,
    `- harness: ${tally(results, (result) => result.harness && `\`${result.harness}\``)}`,
    `- server: ${tally(results, (result) => result.server)}`,
    `- split: ${tally(results, split)}`,
    ...(sweep?.ablation ? [`- ablation: ${sweep.ablation.group}, arm "${sweep.ablation.arm}"`] : []),
  ];
  const table =
    `<!-- eval-table evals/results/${name}.jsonl compact -->\n` +
    `\`\`\`text\n${compactTableOf(`evals/results/${name}.jsonl`)}\n\`\`\`\n<!-- /eval-table -->`;
  return `## ${name}\n\n${why}\n\n${facts.join('\n')}\n\n${table}\n`;
}

export function measurementsDoc(): string {
  const planned = sweeps();
  const files = resultsFiles();
  const byName = new Map(files.map((file) => [file.name, file.results]));
  const split = splitOf();
  const order = [
    ...planned.filter((sweep) => byName.has(sweep.name)).map((sweep) => sweep.name),
    ...files.map((file) => file.name).filter((name) => !planned.some((sweep) => sweep.name === name)),
  ];
  const contents = textTable([
    ['results file', 'split', 'runs', 'passed (95% interval)'],
    ...order.map((name) => {
      const results = byName.get(name)!;
      return [name, tally(results, split), String(results.length), passed(results)];
    }),
  ]);
  const notRun = planned.filter((sweep) => !byName.has(sweep.name));
  const head =
    '# Measurements\n\n' +
    'Written by `npx tsx scripts/measurements-doc.ts` from the committed results files\n' +
    '(evals/results/NAME.jsonl) and the sweeps that made them (evals/sweeps.json); a unit test\n' +
    'checks that this file is what the script writes, so edit the data or the script, not this.\n' +
    "Each section is one results file: why it ran (the sweep's own words), the harness commit its\n" +
    'runs name, the servers, the split its tasks came from, and its table (pass rate with the 95%\n' +
    'Wilson interval, per rung, steps, prompt tokens the server read, seconds). Sections follow the\n' +
    'order the sweeps were planned in; files no planned sweep made come last. What the rounds\n' +
    "learned from these runs is in [history.md](history.md); the rules' ablation is in\n" +
    '[rules.md](rules.md).\n';
  const planSection = notRun.length
    ? `\n## Planned, not run yet\n\n${notRun.map((sweep) => `- ${sweep.name}: ${sweep.why}`).join('\n')}\n`
    : '';
  const body = order.map((name) =>
    section(
      name,
      byName.get(name)!,
      planned.find((sweep) => sweep.name === name),
      split,
    ),
  );
  return `${head}\n\`\`\`text\n${contents}\n\`\`\`\n${planSection}\n${body.join('\n')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(measurementsFile, measurementsDoc());
  console.log(`${measurementsFile}: ${resultsFiles().length} results files`);
}
