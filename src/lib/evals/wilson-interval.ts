/**
 * O2: a pass rate with its 95% interval. The Wilson score interval stays inside [0, 1] and is
 * honest at 0 and n passes out of n (a normal approximation would claim certainty there), which
 * is where small models on small suites live.
 */
export interface Interval {
  low: number;
  high: number;
}

/** z for a two-sided 95% interval. */
const z95 = 1.959963984540054;

export function wilsonInterval(passed: number, runs: number, z = z95): Interval {
  if (runs <= 0) return { low: 0, high: 1 };
  const p = passed / runs;
  const z2 = z * z;
  const centre = (p + z2 / (2 * runs)) / (1 + z2 / runs);
  const half = (z / (1 + z2 / runs)) * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Two configurations are called different only when their intervals do not overlap; otherwise
 * they are "not distinguishable at this many repeats". Conservative on purpose: a teaching tool
 * should not announce a winner that another sweep would not reproduce.
 */
export function distinguishable(a: Interval, b: Interval): boolean {
  return a.high < b.low || b.high < a.low;
}

export function compareRates(
  a: { label: string; passed: number; runs: number },
  b: { label: string; passed: number; runs: number },
): string {
  const ia = wilsonInterval(a.passed, a.runs);
  const ib = wilsonInterval(b.passed, b.runs);
  if (!distinguishable(ia, ib)) return `${a.label} and ${b.label}: not distinguishable at this many runs`;
  const [better, worse] = ia.low > ib.high ? [a, b] : [b, a];
  return `${better.label} passes more often than ${worse.label} (95% intervals do not overlap)`;
}
