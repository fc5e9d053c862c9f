/**
 * Writes the tables of real eval runs in the README and docs/measurements.md from the committed
 * results files they name, so no table is typed by hand: `npx tsx scripts/eval-readme-table.ts`.
 * A unit test checks that each still matches its file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseResults } from '../src/lib/evals/results-file';
import { summarize, summaryRows, summaryTable, taskRows, textTable, verdicts } from '../src/lib/evals/eval-summary';

export const tableBlock = /<!-- eval-table (\S+)( compact)? -->\n```text\n([\s\S]*?)\n?```\n<!-- \/eval-table -->/g;

/** The files whose tables are made here. */
export const documents = ['README.md', 'docs/measurements.md'];

/** Every table block of a document: the results file it names, whether compact, and the table it shows. */
export function tableBlocks(text: string): { file: string; compact: boolean; table: string }[] {
  return [...text.matchAll(tableBlock)].map((match) => ({
    file: match[1]!,
    compact: Boolean(match[2]),
    table: match[3]!,
  }));
}

/** The README's short form: each configuration's pass rate with its interval, per rung, and its cost. */
export function compactTableOf(resultsFile: string): string {
  const summaries = summarize(parseResults(readFileSync(resultsFile, 'utf8')).results);
  const rows = summaryRows(summaries);
  const keep = [
    'model',
    'protocol',
    'preset',
    'passed',
    '95% interval',
    'rung 1',
    'rung 2',
    'mean steps',
    'tokens read',
    'mean s',
  ];
  const columns = keep.map((name) => rows[0].indexOf(name)).filter((index) => index >= 0);
  return textTable(rows.map((row) => columns.map((index) => row[index])));
}

export function tableOf(resultsFile: string, compact = false): string {
  if (compact) return compactTableOf(resultsFile);
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
  for (const document of documents) {
    const text = readFileSync(document, 'utf8');
    const blocks = tableBlocks(text);
    writeFileSync(
      document,
      text.replace(
        tableBlock,
        (_, file: string, compact: string | undefined) =>
          `<!-- eval-table ${file}${compact ?? ''} -->\n` +
          `\`\`\`text\n${tableOf(file, Boolean(compact))}\n\`\`\`\n<!-- /eval-table -->`,
      ),
    );
    for (const block of blocks) console.log(`${document}: table from ${block.file}`);
  }
}
