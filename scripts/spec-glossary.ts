/**
 * The SPEC ids, resolvable inside the repository: `npx tsx scripts/spec-glossary.ts` copies each
 * behaviour of ../shared/SPEC.md (its id and whole text) into tests/spec-ids.json and writes
 * docs/spec-ids.md from it, so a comment's "T6" or a test title's "O5" reads here. A unit test
 * checks both against SPEC.md where that file is there, and the glossary against the JSON always.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const specPath = '../shared/SPEC.md';
export const idsPath = 'tests/spec-ids.json';
export const glossaryPath = 'docs/spec-ids.md';

/** Each `- ID text…` bullet of SPEC.md, its continuation lines joined. */
export function specEntries(spec: string): Record<string, string> {
  const entries: Record<string, string> = {};
  let current: string | undefined;
  for (const line of spec.split('\n')) {
    const start = /^- ([A-Z]\d+) (.*)$/.exec(line);
    if (start) {
      current = start[1]!;
      entries[current] = start[2]!.trim();
    } else if (current && /^ {2}\S/.test(line)) entries[current] += ` ${line.trim()}`;
    else current = undefined;
  }
  return entries;
}

export function glossary(ids: Record<string, string>): string {
  const rows = Object.entries(ids).map(([id, text]) => `| ${id} | ${text.replace(/\|/g, '\\|')} |`);
  return (
    '# SPEC ids\n\nEvery behaviour the product must have, by the id code comments and test titles cite ' +
    '(copied from the specification by `npx tsx scripts/spec-glossary.ts`).\n\n' +
    `| id | behaviour |\n|---|---|\n${rows.join('\n')}\n`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = JSON.parse(readFileSync(idsPath, 'utf8')) as { about: string; ids: Record<string, string> };
  if (existsSync(specPath)) file.ids = specEntries(readFileSync(specPath, 'utf8'));
  writeFileSync(idsPath, JSON.stringify(file, null, 1) + '\n');
  writeFileSync(glossaryPath, glossary(file.ids));
  console.log(`${Object.keys(file.ids).length} ids: ${idsPath}, ${glossaryPath}`);
}
