import { describe, expect, it } from 'vitest';
import { compareRates, distinguishable, wilsonInterval } from '../../../src/lib/evals/wilson-interval';
import { summarize, summaryRows, verdicts } from '../../../src/lib/evals/eval-summary';
import type { EvalResult } from '../../../src/lib/evals/eval-result';

describe('O2 pass rates with 95% intervals', () => {
  it('O2 the Wilson interval matches published values and stays inside 0..1 at the edges', () => {
    const half = wilsonInterval(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 3);
    expect(half.high).toBeCloseTo(0.7634, 3);
    // 0 of 51 is not "certainly never": the interval reaches about 7%.
    const none = wilsonInterval(0, 51);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.07, 2);
    const all = wilsonInterval(12, 12);
    expect(all.high).toBe(1);
    expect(all.low).toBeGreaterThan(0.7);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('O2 two configurations are called different only when their intervals do not overlap', () => {
    // 0 of 3 against 3 of 3 looks decisive and is not: the intervals overlap.
    expect(distinguishable(wilsonInterval(0, 3), wilsonInterval(3, 3))).toBe(false);
    expect(compareRates({ label: 'A', passed: 0, runs: 3 }, { label: 'B', passed: 3, runs: 3 })).toBe(
      'A and B: not distinguishable at this many runs',
    );
    expect(compareRates({ label: 'A', passed: 2, runs: 40 }, { label: 'B', passed: 30, runs: 40 })).toBe(
      'B passes more often than A (95% intervals do not overlap)',
    );
  });

  it('O2 the comparison table shows each pass rate with its interval', () => {
    const result = (passed: boolean, repeat: number) =>
      ({ task: 't', model: 'm', protocol: 'text', preset: 'default', repeat, passed }) as unknown as EvalResult;
    const [summary] = summarize([result(true, 1), result(false, 2), result(false, 3), result(false, 4)]);
    expect(summary.passInterval.low).toBeCloseTo(wilsonInterval(1, 4).low, 6);
    const [header, row] = summaryRows([summary]);
    expect(row[header.indexOf('95% interval')]).toBe('5%–70%');
  });
});

describe('O2 verdicts per rung', () => {
  it('O2 a lift on rung 1 alone is said for rung 1, and the overall rate stays not distinguishable', () => {
    const result = (preset: string, task: string, rung: number, passed: boolean, repeat: number) =>
      ({
        runId: `${task}|m|constrained|${preset}|${repeat}`,
        task,
        tags: [],
        rung,
        model: 'm',
        protocol: 'constrained',
        preset,
        repeat,
        passed,
        outcome: 'final',
        outcomeDetail: '',
        steps: 1,
        promptTokens: 1,
        outputTokens: 1,
        seconds: 1,
        parseRate: 1,
        formatErrors: 0,
        checkExitCode: passed ? 0 : 1,
        checkOutput: '',
      }) as EvalResult;
    const runs: EvalResult[] = [];
    for (let repeat = 1; repeat <= 20; repeat++) {
      runs.push(result('small', 'easy', 1, repeat <= 12, repeat), result('default', 'easy', 1, false, repeat));
      for (const task of ['hard-a', 'hard-b', 'hard-c'])
        runs.push(result('small', task, 3, false, repeat), result('default', task, 3, false, repeat));
    }
    const said = verdicts(summarize(runs));
    expect(said).toContain(
      'rung 1: m · constrained · small passes more often than m · constrained · default (95% intervals do not overlap)',
    );
    expect(said).toContain(
      'rung 3: m · constrained · small and m · constrained · default: not distinguishable at this many runs',
    );
  });
});
