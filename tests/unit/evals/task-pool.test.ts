/**
 * O5: the task pool is held out by construction. Families are generators (scripts/task-pool/); the
 * committed tasks are what they write; every task names its family and split, and a family never
 * straddles two splits; the test split is big enough to see a gap; tuning is a third at most.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPool, familySplits, taskFolder } from '../../../scripts/task-pool/pool';
import { families } from '../../../scripts/task-pool/families';
import { loadEvals } from '../../../src/cli/load-evals';

function filesUnder(root: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(path.join(root, prefix))) {
    const relative = prefix ? `${prefix}/${name}` : name;
    if (statSync(path.join(root, relative)).isDirectory()) Object.assign(out, filesUnder(root, relative));
    else out[relative] = readFileSync(path.join(root, relative), 'utf8');
  }
  return out;
}

const pool = buildPool();
const suite = loadEvals('evals');

describe('O5 the task pool', () => {
  it('O5 the committed pool is what the generators write, task by task (npx tsx scripts/task-pool/write-pool.ts)', () => {
    const committed = readdirSync('evals/pool').sort();
    expect(committed).toEqual(pool.map((task) => task.id).sort());
    for (const task of pool) expect(filesUnder(path.join('evals/pool', task.id)), task.id).toEqual(taskFolder(task));
  });

  it('O5 at least 30 families write at least 150 variants over rungs 1–3; the test split has 60 of rung 1 and 40 of rung 2', () => {
    expect(families.length).toBeGreaterThanOrEqual(30);
    expect(pool.length).toBeGreaterThanOrEqual(150);
    expect(new Set(families.map((family) => family.rung))).toEqual(new Set([1, 2, 3]));
    const test = suite.filter((task) => task.split === 'test');
    expect(test.filter((task) => task.rung === 1).length).toBeGreaterThanOrEqual(60);
    expect(test.filter((task) => task.rung === 2).length).toBeGreaterThanOrEqual(40);
    const splits = familySplits();
    expect(splits.tuning.length).toBeLessThanOrEqual(families.length / 3);
  });

  it('O5 every task names its family and split, and a family never straddles two splits (the suite’s own tasks too)', () => {
    const splitOf = new Map(families.map((family) => [family.id, family.split]));
    for (const task of suite) {
      expect(task.family, task.id).toBeDefined();
      expect(splitOf.has(task.family!), `${task.id}: family ${task.family}`).toBe(true);
      expect(task.split, task.id).toBe(splitOf.get(task.family!));
    }
  });

  it('O5 each family puts its request three ways (an order, a question, a story), and some leave the file unnamed', () => {
    for (const family of families) {
      const styles = new Set(pool.filter((task) => task.family === family).map((task) => task.variant.style));
      expect([...styles].sort(), family.id).toEqual(['imperative', 'question', 'story']);
    }
    const unnamed = families.filter((family) => pool.some((task) => task.family === family && !task.variant.names));
    expect(unnamed.length).toBeGreaterThanOrEqual(families.length / 2);
  });

  it("O5 a family's variants differ: no two are the same task, and names, formats or values vary among them", () => {
    for (const family of families) {
      const variants = pool.filter((task) => task.family === family).map((task) => task.variant);
      const whole = variants.map((variant) => JSON.stringify([variant.task, variant.files, variant.check]));
      expect(new Set(whole).size, family.id).toBe(variants.length);
      // What is asked for varies too, not the words alone: the files or the expected result (the
      // check). Two variants may share them as two phrasings of one request.
      const asked = variants.map((variant) => JSON.stringify([variant.files, variant.check]));
      expect(new Set(asked).size, family.id).toBeGreaterThanOrEqual(Math.min(3, variants.length));
    }
  });

  it('O5 the generators are stable: the same seed writes the same pool twice', () => {
    const again = buildPool();
    expect(again.map((task) => JSON.stringify(taskFolder(task)))).toEqual(
      pool.map((task) => JSON.stringify(taskFolder(task))),
    );
  });
});
