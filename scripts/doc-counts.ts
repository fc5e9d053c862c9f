/**
 * Counts in the docs are made from the data, never typed: `<!-- n:KEY -->VALUE<!-- /n -->`
 * in the README, docs/ and evals/README.md holds the value of KEY below. `npx tsx
 * scripts/doc-counts.ts` writes them; a unit test checks every one matches.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadEvals } from '../src/cli/load-evals';
import { resultsFiles } from './results-files';
import { summarize } from '../src/lib/evals/eval-summary';

type ResultsFile = ReturnType<typeof resultsFiles>[number];

export const countMark = /<!-- n:([\w.-]+) -->([^<]*)<!-- \/n -->/g;

export const documents = [
  'README.md',
  'evals/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * "P of N": the runs of a task by Qwen2.5-Coder-1.5B in every committed results file, and how many
 * passed, counted as the eval tables count them (`summarize`: a crashed run is not scored).
 */
function qwenTaskRuns(files: ResultsFile[]): Record<string, string> {
  const results = files.flatMap((file) => file.results).filter((result) => result.model === 'qwen2.5-coder:1.5b');
  const runs = new Map<string, { passed: number; all: number }>();
  for (const { byTask } of summarize(results))
    for (const [task, { passed, runs: all }] of Object.entries(byTask)) {
      const seen = runs.get(task) ?? { passed: 0, all: 0 };
      runs.set(task, { passed: seen.passed + passed, all: seen.all + all });
    }
  return Object.fromEntries([...runs].map(([task, { passed, all }]) => [`q15-${task}`, `${passed} of ${all}`]));
}

/** A results file's scored runs (a crashed run is not scored), on one rung or all, one repeat or all. */
function tally(file: ResultsFile, rung?: number, repeat?: number): { passed: number; runs: number } {
  const on = file.results.filter(
    (run) =>
      !run.crashed && (rung === undefined || run.rung === rung) && (repeat === undefined || run.repeat === repeat),
  );
  return { passed: on.filter((run) => run.passed).length, runs: on.length };
}

/**
 * "P of N" for each committed results file (`run-NAME`) and each of its rungs (`run-NAME-r1`): every
 * scored run. A file with more than one repeat also has its first repeat alone (`run-NAME-rep1`,
 * `run-NAME-rep1-r1`), to set beside a sweep that has run once so far on the same seed.
 */
function sweepRuns(files: ResultsFile[]): Record<string, string> {
  const values: Record<string, string> = {};
  const text = ({ passed, runs }: { passed: number; runs: number }) => `${passed} of ${runs}`;
  for (const file of files) {
    const count = (key: string, repeat?: number) => {
      values[key] = text(tally(file, undefined, repeat));
      for (const rung of [1, 2, 3]) {
        const on = tally(file, rung, repeat);
        if (on.runs > 0) values[`${key}-r${rung}`] = text(on);
      }
    };
    count(`run-${file.name}`);
    if (new Set(file.results.map((run) => run.repeat)).size > 1) count(`run-${file.name}-rep1`, 1);
  }
  return values;
}

/**
 * O5's gap: a configuration on the tuning split against the same one on the test split, per rung,
 * in percentage points of pass rate (`gap-tuning-1.5b-r1`: "+12 points"), with each rate
 * (`pct-NAME-r1`: "31%"). Only pairs whose two files are committed.
 */
const gapPairs = [['tuning-1.5b', 'test-1.5b']] as const;

function splitGaps(files: ResultsFile[]): Record<string, string> {
  const values: Record<string, string> = {};
  const rate = (name: string, rung: number) => {
    const file = files.find((candidate) => candidate.name === name);
    const on = file && tally(file, rung);
    return on?.runs ? on.passed / on.runs : undefined;
  };
  for (const [tuning, test] of gapPairs)
    for (const rung of [1, 2, 3]) {
      const [a, b] = [rate(tuning, rung), rate(test, rung)];
      if (a === undefined || b === undefined) continue;
      values[`pct-${tuning}-r${rung}`] = `${Math.round(a * 100)}%`;
      values[`pct-${test}-r${rung}`] = `${Math.round(b * 100)}%`;
      const points = Math.round((a - b) * 100);
      values[`gap-${tuning}-r${rung}`] = `${points >= 0 ? '+' : '−'}${Math.abs(points)} points`;
    }
  return values;
}

export function counts(): Record<string, string> {
  const files = resultsFiles();
  const tasks = loadEvals('evals');
  const rung = (n: number) => String(tasks.filter((task) => task.rung === n).length);
  const spec = JSON.parse(readFileSync('tests/spec-ids.json', 'utf8')) as { ids: Record<string, string> };
  return {
    tasks: String(tasks.length),
    rung1: rung(1),
    rung2: rung(2),
    rung3: rung(3),
    shortcuts: String(tasks.reduce((sum, task) => sum + task.shortcuts.length, 0)),
    families: String(new Set(tasks.map((task) => task.family)).size),
    ...Object.fromEntries(
      ['tuning', 'dev', 'test'].map((split) => [
        `split-${split}`,
        String(tasks.filter((task) => task.split === split).length),
      ]),
    ),
    'spec-ids': String(Object.keys(spec.ids).length),
    ...qwenTaskRuns(files),
    ...sweepRuns(files),
    ...splitGaps(files),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const values = counts();
  for (const document of documents) {
    const text = readFileSync(document, 'utf8');
    const next = text.replace(countMark, (whole, key: string) => {
      if (!(key in values)) throw new Error(`${document}: no count named "${key}"`);
      return `<!-- n:${key} -->${values[key]}<!-- /n -->`;
    });
    if (next !== text) writeFileSync(document, next);
  }
  console.log(JSON.stringify(values));
}
