import { describe, expect, it } from 'vitest';
import { summarize } from '../../../src/lib/evals/eval-summary';
import type { EvalResult } from '../../../src/lib/evals/eval-result';
import { costChart, passRateChart, stepsChart } from '../../../src/lib/ui/eval-chart-data';
import { costConfig, passRateConfig, stepsConfig } from '../../../src/lib/ui/eval-chart-config';
import { runRow } from '../../../src/lib/ui/eval-run-row';

const palette = ['blue', 'orange', 'purple'];

function result(
  model: string,
  task: string,
  rung: number,
  passed: boolean,
  extra: Partial<EvalResult> = {},
): EvalResult {
  return {
    runId: `${task}|${model}|text|default|1`,
    task,
    tags: [],
    rung,
    model,
    protocol: 'text',
    preset: 'default',
    repeat: 1,
    passed,
    outcome: 'final',
    outcomeDetail: '',
    steps: passed ? 3 : 1,
    promptTokens: 100,
    outputTokens: 10,
    seconds: 1,
    parseRate: 1,
    formatErrors: 0,
    checkExitCode: passed ? 0 : 1,
    checkOutput: '',
    ...extra,
  };
}

const results = [
  result('a', 't1', 1, true),
  result('a', 't2', 2, false),
  result('b', 't1', 1, false),
  result('b', 't2', 2, false),
];

describe('O2 the Evals charts', () => {
  it('O2 a colour is one configuration in every chart, in the table order', () => {
    const summaries = summarize(results);
    const pass = passRateChart(summaries, palette);
    const cost = costChart(summaries, palette);
    const steps = stepsChart(summaries, results, palette);
    expect(pass.datasets.map((set) => [set.key, set.color])).toEqual([
      ['a · text · default', 'blue'],
      ['b · text · default', 'orange'],
    ]);
    expect(cost.map((entry) => [entry.label, entry.color])).toEqual(pass.datasets.map((set) => [set.key, set.color]));
    expect(steps.datasets.map((set) => [set.label, set.color])).toEqual(
      pass.datasets.map((set) => [set.key, set.color]),
    );
  });

  it('O2 every pass rate is drawn with its 95% interval, per rung; a rung nobody ran is no group', () => {
    const pass = passRateChart(summarize(results), palette);
    expect(pass.groups).toEqual(['all tasks', 'rung 1', 'rung 2']);
    const [a] = pass.datasets;
    expect(a.data[0]).toMatchObject({ y: 'all tasks', x: 50 });
    for (const bar of a.data) {
      expect(bar.xMin).toBeLessThanOrEqual(bar.x);
      expect(bar.xMax).toBeGreaterThanOrEqual(bar.x);
    }
    // One run of one: 100%, but the interval reaches far down.
    expect(a.data[1]).toMatchObject({ x: 100, xMax: 100 });
    expect(a.data[1].xMin).toBeLessThan(30);
    expect(a.cells[1]).toBe('1/1 (21–100%)');
    const point = costChart(summarize(results), palette)[1].point;
    expect(point).toMatchObject({ x: 110, y: 0, yMin: 0 });
    expect(point.yMax).toBeGreaterThan(50);
  });

  it('O2 a configuration with no runs on a rung has no bar there (no null for the chart to trip on)', () => {
    // While a suite runs, b has run only its rung-1 task so far.
    const partial = [results[0], results[1], results[2]];
    const pass = passRateChart(summarize(partial), palette);
    expect(pass.groups).toEqual(['all tasks', 'rung 1', 'rung 2']);
    expect(pass.datasets[1].data.map((bar) => bar.y)).toEqual(['all tasks', 'rung 1']);
    expect(pass.datasets[1].cells).toEqual(['0/1 (0–79%)', '0/1 (0–79%)', '–']);
  });

  it('O2 a rung that holds every run is not drawn twice: it names the one group', () => {
    const one = results.filter((entry) => entry.rung === 1);
    const pass = passRateChart(summarize(one), palette);
    expect(pass.groups).toEqual(['all tasks (rung 1)']);
    expect(pass.datasets[0].data).toHaveLength(1);
  });

  it('O2 steps per run count each configuration apart, crashed runs left out', () => {
    const crashed = result('a', 't3', 1, false, { crashed: 'server gone', steps: 5, runId: 'x' });
    const steps = stepsChart(summarize([...results, crashed]), [...results, crashed], palette);
    expect(steps.buckets).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(steps.datasets[0].counts).toEqual([0, 1, 0, 1, 0, 0]);
  });
});

describe('O2 a run row in words', () => {
  it('O2 a pass that ended on a limit, and an answer over failing files, say why; agreeing rows say nothing more', () => {
    expect(runRow(result('a', 't', 1, true, { outcome: 'limit' }))).toEqual({
      result: 'pass',
      outcome: 'limit',
      note: expect.stringContaining('never gave a final answer'),
    });
    expect(runRow(result('a', 't', 1, false)).note).toContain('files failed the check');
    expect(runRow(result('a', 't', 1, true))).toEqual({ result: 'pass', outcome: 'final answer' });
    expect(runRow(result('a', 't', 1, false, { outcome: 'limit' }))).toEqual({ result: 'fail', outcome: 'limit' });
    expect(runRow(result('a', 't', 1, false, { outcome: 'error', crashed: 'gone' })).result).toBe('crashed');
  });
});

describe('O2 the charts as Chart.js configurations', () => {
  const summaries = summarize(results);
  const theme = { palette, ink: 'black' };

  it('O2 pass rates are bars with their 95% intervals in the text colour, on a 0–100 axis, one legend for all', () => {
    const config = passRateConfig(summaries, theme, 'barWithErrorBars');
    expect(config.type).toBe('barWithErrorBars');
    expect(config.options.scales.x).toMatchObject({ min: 0, max: 100 });
    expect(config.options.plugins.legend).toEqual({ display: false });
    for (const set of config.data.datasets)
      expect(set).toMatchObject({ errorBarColor: 'black', errorBarWhiskerColor: 'black' });
    expect(config.data.datasets.map((set) => set.backgroundColor)).toEqual(palette.slice(0, summaries.length));
  });

  it("O2 a bar's tooltip names its configuration and its cell (passed/runs and interval)", () => {
    const config = passRateConfig(summaries, theme, 'barWithErrorBars');
    const label = config.options.plugins.tooltip.callbacks.label({ datasetIndex: 0, dataIndex: 0 });
    expect(label.startsWith(`${summaries[0]!.key}: `)).toBe(true);
    expect(label).toMatch(/: \d+\/\d+/);
    expect(config.options.plugins.tooltip.callbacks.label({ datasetIndex: 99, dataIndex: 0 })).toBe('');
  });

  it("O2 each configuration's cost is an interval drawn under its dot, neither clipped at the edge", () => {
    const config = costConfig(summaries, theme, 'scatterWithErrorBars');
    expect(config.data.datasets).toHaveLength(summaries.length * 2);
    const [interval, dot] = config.data.datasets;
    expect(interval).toMatchObject({ radius: 0, order: 1, clip: false, errorBarColor: 'black' });
    expect(dot).toMatchObject({ radius: 6, order: 0, clip: false });
  });

  it('O2 steps per run are counted in whole runs, one colour per configuration', () => {
    const config = stepsConfig(summaries, results, theme);
    expect(config.type).toBe('bar');
    expect(config.options.scales.y.ticks).toEqual({ precision: 0 });
    const counted = config.data.datasets.flatMap((set) => set.data).reduce((sum, count) => sum + count, 0);
    expect(counted).toBe(results.length);
  });
});
