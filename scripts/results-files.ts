/** Every committed results file (evals/results/NAME.jsonl), read once: its name and its runs, by name. */
import { readdirSync, readFileSync } from 'node:fs';
import { parseResults } from '../src/lib/evals/results-file';
import type { EvalResult } from '../src/lib/evals/eval-result';

export function resultsFiles(): { name: string; results: EvalResult[] }[] {
  return readdirSync('evals/results')
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.jsonl$/, ''),
      results: parseResults(readFileSync(`evals/results/${file}`, 'utf8')).results,
    }));
}
