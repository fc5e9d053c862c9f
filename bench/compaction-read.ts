/**
 * `npm run bench`: what each compaction rule makes a CPU server read over the long
 * scripted session, at two windows and two lengths (tests/fixtures/read-cost.ts says how).
 */
import { readCost } from '../tests/fixtures/read-cost';

/** The shares compared: the old rule (half), the one chosen since (a quarter) and between. */
const keepShares = [0.5, 0.35, 0.25, 0.15];
const sessions = [
  { steps: 60, contextWindow: 8192 },
  { steps: 150, contextWindow: 8192 },
  { steps: 60, contextWindow: 4096 },
];

for (const session of sessions) {
  const rows = [];
  for (const keepShare of keepShares) rows.push(await readCost({ ...session, keepShare }));
  const best = Math.min(...rows.map((row) => row.readChars));
  console.log(`compaction read cost, ${session.steps} steps at num_ctx ${session.contextWindow} (offline, text):`);
  for (const row of rows)
    console.log(
      `  keep ${row.keepShare.toFixed(2)}: compactions=${row.compactions} read_chars=${row.readChars} ` +
        `(${((row.readChars / best) * 100).toFixed(0)}% of the least) sent_chars=${row.sentChars}`,
    );
}
