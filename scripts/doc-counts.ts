/**
 * Counts in the docs are made from the data, never typed (issue 33): `<!-- n:KEY -->VALUE<!-- /n -->`
 * in the README, docs/ and evals/README.md holds the value of KEY below. `npx tsx
 * scripts/doc-counts.ts` writes them; a unit test checks every one matches.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadEvals } from '../src/cli/load-evals';
import { parseResults } from '../src/lib/evals/results-file';

export const countMark = /<!-- n:([\w-]+) -->([^<]*)<!-- \/n -->/g;

export const documents = [
  'README.md',
  'evals/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** "P of N": the runs of a task by Qwen2.5-Coder-1.5B in every committed results file, and how many passed. */
function qwenTaskRuns(): Record<string, string> {
  const runs = new Map<string, { passed: number; all: number }>();
  for (const name of readdirSync('evals/results').filter((file) => file.endsWith('.jsonl'))) {
    for (const result of parseResults(readFileSync(`evals/results/${name}`, 'utf8')).results) {
      if (result.model !== 'qwen2.5-coder:1.5b') continue;
      const seen = runs.get(result.task) ?? { passed: 0, all: 0 };
      runs.set(result.task, { passed: seen.passed + (result.passed ? 1 : 0), all: seen.all + 1 });
    }
  }
  return Object.fromEntries([...runs].map(([task, { passed, all }]) => [`q15-${task}`, `${passed} of ${all}`]));
}

export function counts(): Record<string, string> {
  const tasks = loadEvals('evals');
  const rung = (n: number) => String(tasks.filter((task) => task.rung === n).length);
  const spec = JSON.parse(readFileSync('tests/spec-ids.json', 'utf8')) as { ids: Record<string, string> };
  return {
    tasks: String(tasks.length),
    rung1: rung(1),
    rung2: rung(2),
    rung3: rung(3),
    shortcuts: String(tasks.reduce((sum, task) => sum + task.shortcuts.length, 0)),
    'spec-ids': String(Object.keys(spec.ids).length),
    ...qwenTaskRuns(),
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
