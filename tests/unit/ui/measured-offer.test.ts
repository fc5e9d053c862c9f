/**
 * U2: the first screen offers, for the models a server has, the configuration the committed results
 * measured best — the offers file is made from the results, never typed — and names a better model
 * to pull when the server lacks it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { committedResults, measuredOffers, offersPath } from '../../../scripts/measured-offers';
import { firstOffer, offerSettings, offerWhy } from '../../../src/lib/ui/measured-offer';
import type { MeasuredOffer } from '../../../src/lib/ui/measured-offer';

const offer = (model: string, passed: number, low: number, preset = 'default'): MeasuredOffer => ({
  model,
  protocol: 'constrained',
  preset,
  passed,
  runs: 100,
  low,
  high: low + 15,
  meanSeconds: 120,
  on: 'test',
});

describe('U2 the measured offer', () => {
  it('U2 the offers file is what the committed results say (npx tsx scripts/measured-offers.ts)', () => {
    expect(JSON.parse(readFileSync(offersPath, 'utf8'))).toEqual(measuredOffers(committedResults()));
  });

  it('U2 the first offer is the best measured model the server has; a better one it lacks is named to pull', () => {
    const table = [offer('small:0.5b', 10, 5, 'small'), offer('big:1.5b', 40, 30)];
    expect(firstOffer(['small:0.5b', 'big:1.5b'], table)).toEqual({ offer: table[1], model: 'big:1.5b' });
    expect(firstOffer(['small:0.5b'], table)).toEqual({ offer: table[0], model: 'small:0.5b', pull: table[1] });
    // Models never measured: the server's first, with no claim made for it.
    expect(firstOffer(['other:7b'], table)).toEqual({ model: 'other:7b', pull: table[1] });
    expect(offerSettings(table[0]!)).toEqual({
      model: 'small:0.5b',
      protocol: 'constrained',
      profile: 'small',
      pack: '',
    });
    expect(offerSettings(offer('m', 1, 1, 'kept'))).toMatchObject({ profile: 'default', pack: 'kept' });
    // A figure from tuning tasks does not outrank one from held-out tasks, however high it looks.
    const tuned = { ...offer('tuned:0.5b', 15, 60), on: 'tuning' as const };
    expect(firstOffer(['tuned:0.5b', 'big:1.5b'], [tuned, table[1]!]).model).toBe('big:1.5b');
    expect(firstOffer(['tuned:0.5b'], [tuned, table[1]!])).toMatchObject({ model: 'tuned:0.5b', pull: table[1] });
    expect(offerWhy(table[1]!)).toBe(
      'constrained output with the default rules: passed 40 of 100 runs on held-out tasks (30–45%) on a 2-core CPU, about 2 minutes a run',
    );
    // The version that ran them is said: the rules may have changed since.
    expect(offerWhy({ ...table[1]!, harness: 'abc1234' })).toMatch(/a run \(measured with version abc1234\)$/);
  });
});
