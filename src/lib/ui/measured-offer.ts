/**
 * U2: what the first screen offers for a server's models — the configuration the committed
 * results measured best (scripts/measured-offers.ts writes measured-offers.json from them): the
 * model the server has that passed the most held-out tasks here, with its protocol and rules, in
 * one line that says why; and, when a model the server lacks did better, which one to pull.
 */
import offers from './measured-offers.json';
import type { PlaygroundSettings } from './playground-settings';

export interface MeasuredOffer {
  model: string;
  protocol: 'native' | 'text' | 'constrained';
  /** The eval preset: `default`, `small` (the small profile) or a pack of rules by name. */
  preset: string;
  passed: number;
  runs: number;
  /** The pass rate's 95% interval, in percent. */
  low: number;
  high: number;
  /** A run's mean seconds on the machine that ran them (a 2-core CPU). */
  meanSeconds: number;
  /** Measured on the held-out test split, or (for a model never run on it) on the tuning tasks. */
  on: 'test' | 'tuning';
  /** The harness commit that ran them: the rules may have changed since. */
  harness?: string;
}

export const measured = offers as MeasuredOffer[];

/**
 * The better of two offers: one measured on held-out tasks before one measured only on the tasks
 * it was tuned on (a tuning figure overstates: 15 of 18 there was 21 of 64 held out), then the
 * higher bottom of the interval, then the higher rate.
 */
const heldOut = (offer: MeasuredOffer) => (offer.on === 'test' ? 1 : 0);
const better = (a: MeasuredOffer, b: MeasuredOffer) =>
  heldOut(b) - heldOut(a) || b.low - a.low || b.passed / b.runs - a.passed / a.runs;

export interface FirstOffer {
  /** The model to use, with the configuration measured best for it (absent: none measured). */
  offer?: MeasuredOffer;
  model: string;
  /** A measured model the server lacks that did better, to pull. */
  pull?: MeasuredOffer;
}

/** The first screen's offer for a server listing `models` (in the server's order). */
export function firstOffer(models: readonly string[], table: readonly MeasuredOffer[] = measured): FirstOffer {
  const here = table.filter((entry) => models.includes(entry.model)).sort(better);
  const best = [...table].sort(better)[0];
  const offer = here[0];
  const pull = best && !models.includes(best.model) && (!offer || better(offer, best) > 0) ? best : undefined;
  return { ...(offer ? { offer } : {}), model: offer?.model ?? models[0]!, ...(pull ? { pull } : {}) };
}

/** The settings an offer sets: model, protocol, and the profile or pack its preset names. */
export function offerSettings(offer: MeasuredOffer): Partial<PlaygroundSettings> {
  return {
    model: offer.model,
    protocol: offer.protocol,
    profile: offer.preset === 'small' ? 'small' : 'default',
    pack: offer.preset !== 'default' && offer.preset !== 'small' ? offer.preset : '',
  };
}

/** One line: why this configuration ("passed 35 of 212 runs on held-out tasks …": a task may run more than once). */
export function offerWhy(offer: MeasuredOffer): string {
  const rules = offer.preset === 'small' ? 'the small-model profile' : `the ${offer.preset} rules`;
  const tasks = offer.on === 'test' ? 'held-out tasks' : 'tuning tasks (not held out)';
  const minutes =
    offer.meanSeconds >= 90 ? `about ${Math.round(offer.meanSeconds / 60)} minutes` : `about ${offer.meanSeconds} s`;
  return (
    `${offer.protocol} output with ${rules}: passed ${offer.passed} of ${offer.runs} runs on ${tasks} ` +
    `(${offer.low}–${offer.high}%) on a 2-core CPU, ${minutes} a run` +
    (offer.harness ? ` (measured with version ${offer.harness})` : '')
  );
}
