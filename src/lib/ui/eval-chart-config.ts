/**
 * O2: the Evals view's three Chart.js configurations, made from eval-chart-data.ts's series. Pure:
 * the view loads Chart.js, registers its controllers and hands each configuration its canvas, so
 * what each chart shows is testable without a browser.
 */
import type { ConfigurationSummary } from '../evals/eval-summary';
import type { EvalResult } from '../evals/eval-result';
import { costChart, passRateChart, stepsChart } from './eval-chart-data';

/** The page's colours as the charts use them: the configurations' palette, and the interval's ink. */
export interface ChartTheme {
  palette: string[];
  ink: string;
}

/** The controller ids of chartjs-chart-error-bars (read from the loaded module). */
export interface ErrorBarTypes {
  bar: string;
  scatter: string;
}

/** The interval's line and whiskers in the text colour, on every bar and point alike. */
const whiskers = (ink: string) => ({
  errorBarColor: ink,
  errorBarWhiskerColor: ink,
  errorBarLineWidth: 1.5,
  errorBarWhiskerLineWidth: 1.5,
  errorBarWhiskerSize: 10,
});

// One legend above the three charts says which colour is which configuration (it is the same in
// each), so no chart gives its plot's room to a legend of its own.
const legend = { display: false };
const common = { responsive: true, maintainAspectRatio: false, animation: false as const };
const rateAxis = { type: 'linear', min: 0, max: 100, title: { display: true, text: 'pass rate (%), 95% interval' } };

export function passRateConfig(summaries: readonly ConfigurationSummary[], theme: ChartTheme, type: string) {
  const pass = passRateChart(summaries, theme.palette);
  return {
    type,
    data: {
      labels: pass.groups,
      datasets: pass.datasets.map((set) => ({
        label: set.label,
        data: set.data,
        backgroundColor: set.color,
        ...whiskers(theme.ink),
      })),
    },
    options: {
      ...common,
      indexAxis: 'y',
      scales: { y: { type: 'category', ticks: { autoSkip: false, font: { size: 10 } } }, x: rateAxis },
      plugins: {
        legend,
        tooltip: {
          callbacks: {
            label: (item: { datasetIndex: number; dataIndex: number }) => {
              const set = pass.datasets[item.datasetIndex];
              const group = set?.data[item.dataIndex]?.y;
              return set && group ? `${set.key}: ${set.cells[pass.groups.indexOf(group)]}` : '';
            },
          },
        },
      },
    },
  };
}

export function costConfig(summaries: readonly ConfigurationSummary[], theme: ChartTheme, type: string) {
  return {
    type,
    data: {
      // Each configuration twice: its interval, then its dot drawn over it (a lower `order` is
      // drawn later), so that a whisker ending at the dot — 0% or 100% — never cuts it in two.
      datasets: costChart(summaries, theme.palette).flatMap((entry) => [
        {
          label: `${entry.label} (95% interval)`,
          data: [entry.point],
          borderColor: entry.color,
          radius: 0,
          hoverRadius: 0,
          clip: false,
          order: 1,
          ...whiskers(theme.ink),
        },
        {
          label: entry.label,
          data: [{ x: entry.point.x, y: entry.point.y }],
          backgroundColor: entry.color,
          borderColor: entry.color,
          // "radius", not "pointRadius": the error-bar point reads its options without that prefix.
          radius: 6,
          hoverRadius: 7,
          // A 0% or 100% configuration sits on the chart's edge: drawn whole, not cut in half.
          clip: false,
          order: 0,
        },
      ]),
    },
    options: {
      ...common,
      layout: { padding: 8 },
      scales: {
        x: { type: 'linear', grace: '10%', title: { display: true, text: 'mean tokens per run' } },
        y: rateAxis,
      },
      plugins: { legend },
    },
  };
}

export function stepsConfig(
  summaries: readonly ConfigurationSummary[],
  results: readonly EvalResult[],
  theme: ChartTheme,
) {
  const steps = stepsChart(summaries, results, theme.palette);
  return {
    type: 'bar' as const,
    data: {
      labels: steps.buckets,
      datasets: steps.datasets.map((set) => ({ label: set.label, data: set.counts, backgroundColor: set.color })),
    },
    options: {
      ...common,
      scales: {
        x: { title: { display: true, text: 'steps' } },
        y: { title: { display: true, text: 'runs' }, ticks: { precision: 0 } },
      },
      plugins: { legend },
    },
  };
}
