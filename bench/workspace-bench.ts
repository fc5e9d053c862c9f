/**
 * Part of `npm run bench`: reading and writing a 1,000-file workspace through the
 * offline backend, and a checkpoint after a 10-file change; each with median and spread. The
 * checkpoint cost must not grow with the number of earlier checkpoints (compared at 5 and 50).
 */
import { performance } from 'node:perf_hooks';
import { MemoryWorkspace } from '../src/lib/workspace/memory-workspace';
import { Checkpoints } from '../src/lib/workspace/git/checkpoints';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    `p10-p90 ` +
    `${sorted[Math.floor(sorted.length * 0.1)].toFixed(1)}-${sorted[Math.floor(sorted.length * 0.9)].toFixed(1)}`
  );
};
const content = (index: number, round: number) =>
  `// file ${index}, round ${round}\n${'export const value = 1;\n'.repeat(20)}`;

async function time(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const workspace = new MemoryWorkspace();
const paths = Array.from({ length: 1000 }, (_, index) => `src/dir${index % 20}/file${index}.js`);
const writes: number[] = [];
const reads: number[] = [];
for (let round = 0; round < 5; round++) {
  writes.push(
    await time(async () => {
      for (const [index, path] of paths.entries()) await workspace.writeFile(path, content(index, round));
    }),
  );
  reads.push(
    await time(async () => {
      for (const path of paths) await workspace.readFile(path);
    }),
  );
}

const { fs, dir } = workspace.gitFs();
const checkpoints = new Checkpoints(fs, dir, workspace);
const small = new MemoryWorkspace();
for (const [index, path] of paths.slice(0, 100).entries()) await small.writeFile(path, content(index, 0));
const smallGit = small.gitFs();
const smallCheckpoints = new Checkpoints(smallGit.fs, smallGit.dir, small);
const cost: number[] = [];
for (let round = 1; round <= 50; round++) {
  for (let file = 0; file < 10; file++) await small.writeFile(paths[(round * 10 + file) % 100], content(file, round));
  cost.push(await time(async () => void (await smallCheckpoints.create('bench', round))));
}
const early = median(cost.slice(2, 8));
const late = median(cost.slice(-6));
const big: number[] = [];
for (let round = 1; round <= 3; round++) {
  for (let file = 0; file < 10; file++) await workspace.writeFile(paths[file * 7], content(file, 100 + round));
  big.push(await time(async () => void (await checkpoints.create('bench', round))));
}
console.log(
  `workspace bench (offline backend, Node): ` +
    `write_1000_files_ms=${median(writes).toFixed(0)} (${spread(writes)}) ` +
    `read_1000_files_ms=${median(reads).toFixed(0)} (${spread(reads)}) ` +
    `checkpoint_10_changed_of_100_ms=${median(cost).toFixed(1)} ` +
    `(${spread(cost)}) checkpoint_growth=${(late / early).toFixed(2)} ` +
    `(checkpoints 3-8 vs 45-50; target <=2) ` +
    `checkpoint_10_changed_of_1000_ms=${median(big).toFixed(0)}`,
);
