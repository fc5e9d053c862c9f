/**
 * Every test title names the SPEC lines it proves, by id (AGENTS.md): a title may name only ids
 * SPEC has, and every SPEC id is named by some test. The ids are kept in
 * tests/spec-ids.json, checked against ../shared/SPEC.md wherever that file is there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { glossary, glossaryPath, specEntries, specPath } from '../../scripts/spec-glossary';

const spec = JSON.parse(readFileSync('tests/spec-ids.json', 'utf8')) as { ids: Record<string, string> };
const known = new Set(Object.keys(spec.ids));

function files(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? files(full) : /\.(spec|test)\.ts$/.test(name) ? [full] : [];
  });
}

/** The ids a title opens with: "T4 O2 the rules…" → T4, O2. */
export function titleIds(title: string): string[] {
  return /^((?:[A-Z]\d+ )+)/.exec(`${title} `)?.[1].trim().split(' ') ?? [];
}

/** Source files (.ts, .svelte, .mjs) under `directory`. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (name === 'node_modules') return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|svelte|mjs)$/.test(name) ? [full] : [];
  });
}

const titles = files('tests').flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\b(?:it|test|describe)\(\s*(['"`])((?:[A-Z]\d+ )+)/g)].map((match) => ({
    file,
    ids: match[2].trim().split(' '),
  })),
);

describe('test titles and SPEC ids', () => {
  it("O1 the id list is SPEC.md's, where SPEC.md is there to compare, and the glossary is the list", () => {
    expect(readFileSync(glossaryPath, 'utf8')).toBe(glossary(spec.ids));
    if (!existsSync(specPath)) return;
    expect(spec.ids).toEqual(specEntries(readFileSync(specPath, 'utf8')));
  });

  it('O1 code comments cite SPEC ids (docs/spec-ids.md), never an issue that lives outside the repository', () => {
    const sources = ['src', 'scripts', 'bench', 'tests'].flatMap((root) => sourceFiles(root));
    const cited = sources.filter((file) => /\b[Ii]ssue \d+/.test(readFileSync(file, 'utf8')));
    expect(cited).toEqual([]);
  });

  it('O1 reads the ids a title opens with', () => {
    expect(titleIds('T4 O2 the rules hold')).toEqual(['T4', 'O2']);
    expect(titleIds('the rules hold')).toEqual([]);
  });

  it('O1 no test title names an id SPEC does not have', () => {
    const unknown = titles.flatMap(({ file, ids }) =>
      ids.filter((id) => !known.has(id)).map((id) => `${id} in ${file}`),
    );
    expect(unknown).toEqual([]);
  });

  it('O1 every SPEC id is named by at least one test', () => {
    const named = new Set(titles.flatMap(({ ids }) => ids));
    expect([...known].filter((id) => !named.has(id))).toEqual([]);
  });
});
