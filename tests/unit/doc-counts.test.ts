/** O2: every count the docs state is the data's (scripts/doc-counts.ts writes them). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countMark, counts, documents } from '../../scripts/doc-counts';

describe('O2 counts in the docs', () => {
  it('O2 every marked count in the README, docs/ and evals/README.md is what the data says', () => {
    const values = counts();
    const marks = documents.flatMap((document) =>
      [...readFileSync(document, 'utf8').matchAll(countMark)].map(([, key, value]) => ({ document, key, value })),
    );
    expect(marks.length).toBeGreaterThan(3);
    for (const { document, key, value } of marks)
      expect(value, `${document}: n:${key} (run npx tsx scripts/doc-counts.ts)`).toBe(values[key]);
  });

  it('O2 a results file with two repeats has its first repeat counted alone; one with a single repeat has none', () => {
    const values = counts();
    const lines = readFileSync('evals/results/test-1.5b.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { repeat: number; passed: boolean; crashed?: string; rung: number });
    const first = lines.filter((run) => run.repeat === 1 && !run.crashed);
    expect(values['run-test-1.5b-rep1']).toBe(`${first.filter((run) => run.passed).length} of ${first.length}`);
    const rung1 = first.filter((run) => run.rung === 1);
    expect(values['run-test-1.5b-rep1-r1']).toBe(`${rung1.filter((run) => run.passed).length} of ${rung1.length}`);
    expect(values['run-test-1.5b-rep1']).not.toBe(values['run-test-1.5b']);
    expect(values['run-baseline-test-1.5b-rep1']).toBeUndefined();
  });

  it('O2 the suite holds the tasks the ladder promises: some on each rung', () => {
    const values = counts();
    for (const rung of ['rung1', 'rung2', 'rung3']) expect(Number(values[rung])).toBeGreaterThan(0);
  });
});

describe('O2 the README a newcomer reads', () => {
  it('O2 the README stays at most 150 lines: history lives in docs/measurements.md', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });
});
