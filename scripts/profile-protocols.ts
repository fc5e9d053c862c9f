/**
 * T6: writes src/lib/harness/profile-protocols.json, the protocol the small profile
 * works best with, from the committed results of this round's screens of real coding models
 * (evals/results). Only the small profile names one: the default profile is for models of any
 * size, and these screens measured small ones; it keeps the model's capabilities as its guide.
 * A test checks the file is what this script makes of the results.
 *
 *   npx tsx scripts/profile-protocols.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { wilsonInterval } from '../src/lib/evals/wilson-interval';

// The screen (every protocol once) and the repeats of the two best (three times each).
export const sources = ['evals/results/qwen-screen-0.5b.jsonl', 'evals/results/qwen-0.5b-repeat.jsonl'];
export const target = 'src/lib/harness/profile-protocols.json';
const order = ['constrained', 'text', 'native'] as const;

interface Row {
  protocol: string;
  preset: string;
  passed: boolean;
}

/**
 * Passes per protocol for the small profile over the sources. Protocols ran different numbers of
 * times (the repeats ran only the screen's two best), so neither the most passes nor the best
 * rate is fair: the highest lower end of the 95% interval wins (what the runs vouch for; ties:
 * more runs, then `order`). Nothing is named from results that left a protocol out or passed
 * nothing.
 */
export function profileProtocols(files: string[] = sources.filter((file) => existsSync(file))): object {
  const rows = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Row),
  );
  const small = rows.filter((row) => row.preset === 'small');
  if (small.length === 0) return {};
  const tally = order.map((protocol) => {
    const runs = small.filter((row) => row.protocol === protocol);
    return { protocol, passed: runs.filter((row) => row.passed).length, runs: runs.length };
  });
  const rank = (a: (typeof tally)[number], b: (typeof tally)[number]) =>
    wilsonInterval(b.passed, b.runs).low - wilsonInterval(a.passed, a.runs).low || b.runs - a.runs;
  const best = [...tally].sort(rank)[0];
  // A protocol is named only when every one was tried and the best passed something.
  if (best.passed === 0 || tally.some((entry) => entry.runs === 0)) return {};
  return {
    small: {
      protocol: best.protocol,
      evidence: tally
        .sort(rank)
        .map((entry) => `${entry.protocol} ${entry.passed}/${entry.runs}`)
        .join(', '),
      from: files,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = `${JSON.stringify(profileProtocols(), null, 2)}\n`;
  writeFileSync(target, text);
  console.log(`${target}:\n${text}`);
}
