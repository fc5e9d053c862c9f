/**
 * O2: what the Evals view's three charts draw, as data. One rule for all three: a colour means
 * one configuration (model · protocol · preset) in every chart, taken in the table's order from a
 * palette of its own (never the page's pass/fail colours, which would read as a verdict); and a
 * pass rate is drawn with its 95% interval, so a reader sees at once which differences the runs
 * can vouch for.
 */
import type { ConfigurationSummary, RungSummary } from '../evals/eval-summary';
import { configurationKey, rungCell, rungs } from '../evals/eval-summary';
import type { EvalResult } from '../evals/eval-result';

/** The CSS custom properties of the configuration colours (app.css gives light and dark values). */
export const seriesColorNames = ['--series-1', '--series-2', '--series-3', '--series-4', '--series-5', '--series-6'];

/** A configuration's colour, by its place in the table (the palette repeats after six). */
export function seriesColor(index: number, palette: readonly string[]): string {
  return palette[index % palette.length] ?? '#888888';
}

const percent = (value: number) => Math.round(value * 1000) / 10;

/** A pass rate and its interval on the value axis `axis`, in percent. */
function rateWithInterval(cell: RungSummary, axis: 'x' | 'y') {
  return {
    [axis]: percent(cell.passed / Math.max(1, cell.runs)),
    [`${axis}Min`]: percent(cell.interval.low),
    [`${axis}Max`]: percent(cell.interval.high),
  } as Record<string, number>;
}

export interface PassRateChart {
  /** The groups on the category axis: all tasks, then each rung some configuration ran. */
  groups: string[];
  datasets: {
    /** The configuration (its legend label adds passed/runs). */
    key: string;
    label: string;
    color: string;
    /**
     * The bars (x, in percent) with their intervals, each naming its group (y); a group where the
     * configuration has no runs has no bar (a null would break the error-bar controller).
     */
    data: { y: string; x: number; xMin: number; xMax: number }[];
    /** Per group: "3/10 (11–60%)", for the tooltip. */
    cells: string[];
  }[];
}

export function passRateChart(summaries: readonly ConfigurationSummary[], palette: readonly string[]): PassRateChart {
  const ran = rungs.filter((rung) => summaries.some((summary) => summary.byRung[rung]));
  // A rung that holds every run says nothing "all tasks" does not: it names the group instead.
  const whole = ran.length === 1 && summaries.every((summary) => summary.byRung[ran[0]]?.runs === summary.runs);
  const shown = whole ? [] : ran;
  const groups = [whole ? `all tasks (rung ${ran[0]})` : 'all tasks', ...shown.map((rung) => `rung ${rung}`)];
  return {
    groups,
    datasets: summaries.map((summary, index) => {
      const cells: (RungSummary | undefined)[] = [
        { passed: summary.passed, runs: summary.runs, interval: summary.passInterval },
        ...shown.map((rung) => summary.byRung[rung]),
      ];
      return {
        key: summary.key,
        label: `${summary.key} · ${summary.passed}/${summary.runs}`,
        color: seriesColor(index, palette),
        data: cells.flatMap((cell, group) =>
          cell
            ? [
                { y: groups[group], ...rateWithInterval(cell, 'x') } as {
                  y: string;
                  x: number;
                  xMin: number;
                  xMax: number;
                },
              ]
            : [],
        ),
        cells: cells.map((cell) => rungCell(cell)),
      };
    }),
  };
}

export interface CostChartPoint {
  label: string;
  color: string;
  /** Mean tokens per run (x) against the pass rate and its interval (y, in percent). */
  point: { x: number; y: number; yMin: number; yMax: number };
}

export function costChart(summaries: readonly ConfigurationSummary[], palette: readonly string[]): CostChartPoint[] {
  return summaries.map((summary, index) => ({
    label: summary.key,
    color: seriesColor(index, palette),
    point: {
      x: Math.round(summary.meanTokens),
      ...(rateWithInterval({ passed: summary.passed, runs: summary.runs, interval: summary.passInterval }, 'y') as {
        y: number;
        yMin: number;
        yMax: number;
      }),
    },
  }));
}

export interface StepsChart {
  /** "0", "1", … up to the most steps any run took. */
  buckets: string[];
  datasets: { label: string; color: string; counts: number[] }[];
}

/** How many runs of each configuration took each number of steps (crashed runs are not counted). */
export function stepsChart(
  summaries: readonly ConfigurationSummary[],
  results: readonly EvalResult[],
  palette: readonly string[],
): StepsChart {
  const most = Math.max(1, ...results.map((result) => result.steps));
  const buckets = Array.from({ length: most + 1 }, (_, steps) => String(steps));
  return {
    buckets,
    datasets: summaries.map((summary, index) => {
      const counts = buckets.map(() => 0);
      for (const result of results)
        if (!result.crashed && configurationKey(result) === summary.key) counts[result.steps]++;
      return { label: summary.key, color: seriesColor(index, palette), counts };
    }),
  };
}
