/**
 * O5: the task pool — every family's variants, with their ids, and each task as the files of its
 * folder under evals/pool/ (task.json, reference.json, shortcuts/, workspace/, hidden/). The
 * committed pool is this function's output (tests/unit/evals/task-pool.test.ts holds it to that).
 */
import type { Family, Split, Variant } from './family';
import { checkerPath, checkerSource } from './check-spec';
import { families } from './families';
import { hashSeed, Random } from './random';

/** The pool's seed: changing it writes a new pool (and voids every result on the old one). */
export const poolSeed = 2026_12_07;

export interface PoolTask {
  id: string;
  family: Family;
  variant: Variant;
}

export function buildPool(): PoolTask[] {
  return families.flatMap((family) => {
    const random = new Random(hashSeed(`${poolSeed}:${family.id}`));
    return Array.from({ length: family.count }, (_, index) => ({
      id: `${family.id}-${String(index + 1).padStart(2, '0')}`,
      family,
      variant: family.variant(random, index),
    }));
  });
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** The task's folder, file by file (paths relative to it). */
export function taskFolder({ id, family, variant }: PoolTask): Record<string, string> {
  const spec = {
    id,
    title: variant.title,
    task: variant.task,
    check: variant.check,
    tags: [...variant.tags, variant.style, variant.names ? 'named' : 'unnamed'],
    rung: family.rung,
    family: family.id,
    split: family.split,
    ...(variant.protect ? { protect: variant.protect } : {}),
    ...(variant.limits ? { limits: variant.limits } : {}),
    ...(variant.settings ? { settings: variant.settings } : {}),
  };
  const files: Record<string, string> = {
    'task.json': json(spec),
    'reference.json': json({
      about: 'A solution through the harness (text protocol), one reply a line.',
      replies: variant.reference,
    }),
  };
  for (const [name, shortcut] of Object.entries(variant.shortcuts)) files[`shortcuts/${name}.json`] = json(shortcut);
  for (const [path, text] of Object.entries(variant.files)) files[`workspace/${path}`] = text;
  files[`hidden/${checkerPath}`] = checkerSource;
  for (const [path, text] of Object.entries(variant.hidden ?? {})) files[`hidden/${path}`] = text;
  return files;
}

/** Family ids by split, in the order they are declared. */
export function familySplits(): Record<Split, string[]> {
  const splits: Record<Split, string[]> = { tuning: [], dev: [], test: [] };
  for (const family of families) splits[family.split].push(family.id);
  return splits;
}
