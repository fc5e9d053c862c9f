/** O2: a sweep's runs go in the order that lets the server reuse the prompt it just read. */
import { describe, expect, it } from 'vitest';
import { cacheFriendlyOrder } from '../../../src/lib/evals/run-order';

describe('O2 the run order', () => {
  it('O2 one model, then one protocol and preset, then one task with its repeats together', () => {
    const runs = [];
    for (const task of ['b-task', 'a-task'])
      for (const model of ['m1', 'm2'])
        for (const preset of ['default', 'small'])
          for (const repeat of [1, 2]) runs.push({ task, model, protocol: 'constrained', preset, repeat });
    const ordered = cacheFriendlyOrder(runs, (run) => run).map(
      (run) => `${run.model} ${run.preset} ${run.task} ${run.repeat}`,
    );
    expect(ordered.slice(0, 8)).toEqual([
      'm1 default b-task 1',
      'm1 default b-task 2',
      'm1 default a-task 1',
      'm1 default a-task 2',
      'm1 small b-task 1',
      'm1 small b-task 2',
      'm1 small a-task 1',
      'm1 small a-task 2',
    ]);
    expect(ordered.slice(8).every((line) => line.startsWith('m2 '))).toBe(true);
  });
});
