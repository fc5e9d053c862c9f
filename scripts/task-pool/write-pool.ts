/**
 * `npx tsx scripts/task-pool/write-pool.ts`: writes the task pool into evals/pool/ (afresh: a
 * task no family writes any more goes) and prints how many tasks each split and rung has.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildPool, taskFolder } from './pool';

const root = join('evals', 'pool');
rmSync(root, { recursive: true, force: true });
const pool = buildPool();
const counts = new Map<string, number>();
for (const task of pool) {
  for (const [path, text] of Object.entries(taskFolder(task))) {
    const file = join(root, task.id, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const key = `${task.family.split} rung ${task.family.rung}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
console.log(`${pool.length} tasks in ${root}`);
for (const [key, count] of [...counts].sort()) console.log(`  ${key}: ${count}`);
