import { describe, expect, it } from 'vitest';
import { bundledEvals } from '../../../src/lib/evals/bundled-evals';
import { loadEvals } from '../../../src/cli/load-evals';

describe('O2 the suite in the page', () => {
  it('O2 the bundled suite is the same as the one the headless runner reads from evals/', () => {
    expect(bundledEvals()).toEqual(loadEvals('evals'));
  });
});
