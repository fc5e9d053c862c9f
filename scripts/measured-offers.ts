/**
 * U2: the configuration the committed results measured best for each model, as the first screen
 * offers it. `npx tsx scripts/measured-offers.ts` reads evals/results/*.jsonl and writes
 * src/lib/ui/measured-offers.json: per model, the protocol and preset whose pass rate's 95% interval
 * starts highest on the held-out test split (O5) — or, for a model never run on it, on whatever
 * tasks it ran, said so — with its runs, its rate and a run's mean seconds on this machine. A unit
 * test holds the file to the results.
 */
import { writeFileSync } from 'node:fs';
import { resultsFiles } from './results-files';
import type { EvalResult } from '../src/lib/evals/eval-result';
import { summarize } from '../src/lib/evals/eval-summary';
import type { MeasuredOffer } from '../src/lib/ui/measured-offer';

export const offersPath = 'src/lib/ui/measured-offers.json';

/**
 * Per model, its best measured configuration: each results file is one harness and machine, so
 * configurations are compared within a file and across files by the bottom of their interval.
 */
export function measuredOffers(files: readonly (readonly EvalResult[])[]): MeasuredOffer[] {
  // Runs of a served model (a scripted one, the reference or a shortcut, has no server).
  const served = files.map((results) => results.filter((result) => !result.crashed && result.host !== undefined));
  const models = [...new Set(served.flat().map((result) => result.model))].sort();
  const laddered = (result: EvalResult) => result.rung === 1 || result.rung === 2;
  return models.flatMap((model) => {
    const onTest = served.some((results) =>
      results.some((result) => result.model === model && result.split === 'test'),
    );
    const candidates = served.flatMap((results) => {
      const runs = results.filter(
        (result) => result.model === model && laddered(result) && (!onTest || result.split === 'test'),
      );
      // The harness commit the figure belongs to: the rules may have changed since.
      return summarize(runs).map((summary) => ({
        ...summary,
        harness: runs.find((run) => run.protocol === summary.protocol && run.preset === summary.preset)?.harness,
      }));
    });
    const best = candidates
      .filter((summary) => summary.runs >= 18)
      .sort(
        (a, b) => b.passInterval.low - a.passInterval.low || b.passRate - a.passRate || a.meanSeconds - b.meanSeconds,
      )[0];
    if (!best) return [];
    return [
      {
        model,
        protocol: best.protocol as MeasuredOffer['protocol'],
        preset: best.preset,
        passed: best.passed,
        runs: best.runs,
        low: Math.round(best.passInterval.low * 100),
        high: Math.round(best.passInterval.high * 100),
        meanSeconds: Math.round(best.meanSeconds),
        on: onTest ? 'test' : 'tuning',
        ...(best.harness ? { harness: best.harness } : {}),
      },
    ];
  });
}

/** Every committed results file, each as its runs. */
export function committedResults(): EvalResult[][] {
  return resultsFiles().map((file) => file.results);
}
if (import.meta.url === `file://${process.argv[1]}`) {
  const offers = measuredOffers(committedResults());
  writeFileSync(offersPath, JSON.stringify(offers, null, 2) + '\n');
  for (const offer of offers)
    console.log(
      `${offer.model}: ${offer.protocol} · ${offer.preset} — ${offer.passed}/${offer.runs} ` +
        `(${offer.low}–${offer.high}%) on the ${offer.on} tasks, ${offer.meanSeconds} s a run`,
    );
}
