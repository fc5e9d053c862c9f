/**
 * Writes the README's table of real eval runs from the committed results file it names, so the
 * table is never typed by hand: `npx tsx scripts/eval-readme-table.ts`. A unit test checks that
 * the README still matches its file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseResults } from '../src/lib/evals/results-file';
import { summarize, summaryTable, taskRows, textTable, verdicts } from '../src/lib/evals/eval-summary';

export const tableBlock = /<!-- eval-table (\S+) -->\n```text\n([\s\S]*?)\n?```\n<!-- \/eval-table -->/g;

/** Every table block of the README: the results file it names, and the table it shows. */
export function tableBlocks(readme: string): { file: string; table: string }[] {
  return [...readme.matchAll(tableBlock)].map((match) => ({ file: match[1]!, table: match[2]! }));
}

export function tableOf(resultsFile: string): string {
  const { results } = parseResults(readFileSync(resultsFile, 'utf8'));
  const summaries = summarize(results);
  // The per-task cells say how often each task ran in each configuration (a partial run shows as such).
  const perTask = `Passed of runs, per task and configuration (${results.length} runs in all):`;
  const said = verdicts(summaries);
  const verdictText = said.length
    ? `\n\nWhat the 95% intervals allow to say:\n\n${said.map((line) => `- ${line}`).join('\n')}`
    : '';
  return `${summaryTable(summaries)}${verdictText}\n\n${perTask}\n\n${textTable(taskRows(summaries))}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8');
  const blocks = tableBlocks(readme);
  if (blocks.length === 0) throw new Error('README.md has no <!-- eval-table FILE --> block');
  writeFileSync(
    'README.md',
    readme.replace(
      tableBlock,
      (_, file: string) => `<!-- eval-table ${file} -->\n\`\`\`text\n${tableOf(file)}\n\`\`\`\n<!-- /eval-table -->`,
    ),
  );
  for (const block of blocks) console.log(`README.md: table from ${block.file}`);
}
