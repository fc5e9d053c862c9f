/**
 * Writes the README's table of real eval runs from the committed results file it names, so the
 * table is never typed by hand: `npx tsx scripts/eval-readme-table.ts`. A unit test checks that
 * the README still matches its file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseResults } from '../src/lib/evals/results-file';
import { configurationKey, summarize, summaryTable } from '../src/lib/evals/eval-summary';
import type { EvalResult } from '../src/lib/evals/run-eval';

export const tableBlock = /<!-- eval-table (\S+) -->\n```text\n([\s\S]*?)\n?```\n<!-- \/eval-table -->/;

export function tableOf(resultsFile: string): string {
  const { results } = parseResults(readFileSync(resultsFile, 'utf8'));
  return `${summaryTable(summarize(results))}\n\n${repeatsLine(results)}`;
}

/** How often each task ran per configuration, so a partial run says so itself. */
function repeatsLine(results: EvalResult[]): string {
  const runs = new Map<string, number>();
  for (const result of results) runs.set(`${result.task}\u0000${configurationKey(result)}`, (runs.get(`${result.task}\u0000${configurationKey(result)}`) ?? 0) + 1);
  const tasksByCount = new Map<number, Set<string>>();
  for (const [key, count] of runs) {
    const task = key.split('\u0000')[0];
    if (!tasksByCount.has(count)) tasksByCount.set(count, new Set());
    tasksByCount.get(count)!.add(task);
  }
  const counts = [...tasksByCount.keys()].sort((a, b) => b - a);
  if (counts.length === 1) return `Every task ran ${counts[0]} time(s) per configuration (${results.length} runs).`;
  return `Runs per task and configuration (${results.length} runs): ${counts.map((count) => `${count}× ${[...tasksByCount.get(count)!].sort().join(', ')}`).join('; ')}.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8');
  const match = tableBlock.exec(readme);
  if (!match) throw new Error('README.md has no <!-- eval-table FILE --> block');
  writeFileSync('README.md', readme.replace(tableBlock, `<!-- eval-table ${match[1]} -->\n\`\`\`text\n${tableOf(match[1])}\n\`\`\`\n<!-- /eval-table -->`));
  console.log(`README.md: table from ${match[1]}`);
}
