/**
 * `npm run bench`: the harness's own cost per step (prompt assembly, history rendering,
 * parsing, validation, recording), with model and tool time taken out, on a scripted 500-step
 * session with realistic tool outputs (bench-session.ts). Targets: median ≤ 1 ms, and a late
 * step costs at most 1.2 times an early one (no growth with the session). Then a
 * profile says where the time goes per part, early and late.
 */
import { benchSession, steps } from './bench-session';
import { formatParts, profileParts } from './profile-parts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
/**
 * Windows of 60 steps, a multiple of the script's 6-step cycle of tools, so both hold the same
 * mix of calls; the early one starts once the history is long enough to be shortened.
 */
const early = { name: 'steps 40-99', from: 40, to: 100 };
const late = { name: `steps ${steps - 61}-${steps - 2}`, from: steps - 61, to: steps - 1 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

await benchSession(); // warm-up: JIT and caches, not measured
const all: number[][] = [];
for (let run = 0; run < runs; run++) all.push(await benchSession());
const perStep = all[0].map((_, step) => median(all.map((run) => run[step])));
const earlyMedian = median(perStep.slice(early.from, early.to));
const lateMedian = median(perStep.slice(late.from, late.to));
const p50 = median(perStep);
const p95 = percentile(perStep, 0.95);
const ratio = lateMedian / earlyMedian;
const verdict = p50 <= 1 && ratio <= 1.2 ? 'within targets' : 'OVER TARGET';
console.log(
  `harness overhead (${verdict}; ${runs} runs of ${steps} steps; targets ` +
    `p50<=1ms, late/early<=1.2): steps=${steps} p50_ms=${p50.toFixed(3)} ` +
    `p95_ms=${p95.toFixed(3)} early_ms=${earlyMedian.toFixed(3)} late_ms=${lateMedian.toFixed(3)} ` +
    `overhead_ratio=${ratio.toFixed(2)}`,
);
console.log(formatParts(await profileParts(benchSession, [early, late])));
