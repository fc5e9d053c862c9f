/**
 * Runs inside real Chromium (see bench/store.bench.ts): the cost of appending one item to a long
 * session and of loading a session to resume it, in the real IndexedDB.
 */
import { openHarnessDatabase } from '../../src/lib/store/harness-database';
import { IndexedDbSessionStore } from '../../src/lib/store/indexeddb-session-store';
import { createSession } from '../../src/lib/harness/session';
import type { HistoryItem } from '../../src/lib/harness/session';
import { defaultSettings } from '../../src/lib/harness/settings';

function item(seq: number): HistoryItem {
  const content = `result of step ${seq}\n${'a realistic line of tool output\n'.repeat(12)}`;
  return seq % 2
    ? { seq, at: seq, kind: 'tool', name: 'read_file', args: { path: `src/file${seq % 40}.js` }, content, ok: true }
    : {
        seq,
        at: seq,
        kind: 'assistant',
        content: `<tool>{"name":"read_file","args":{"path":"src/file${seq % 40}.js"}}</tool>`,
      };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p10: sorted[Math.floor(sorted.length * 0.1)], p90: sorted[Math.floor(sorted.length * 0.9)] };
};

async function sessionWith(store: IndexedDbSessionStore, id: string, items: number) {
  const session = createSession({
    id,
    model: 'bench',
    settings: defaultSettings(),
    workspace: { backend: 'memory-shell', label: 'bench' },
  });
  session.history = Array.from({ length: items }, (_, seq) => item(seq));
  await store.saveSession(session);
  return session;
}

async function appendTimes(store: IndexedDbSessionStore, id: string, from: number, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let seq = from; seq < from + count; seq++) {
    const started = performance.now();
    await store.appendItem(id, item(seq));
    times.push(performance.now() - started);
  }
  return times;
}

export async function runStoreBench() {
  const name = `bench-${Date.now()}`;
  const database = await openHarnessDatabase({ name });
  const store = new IndexedDbSessionStore(database);
  try {
    await sessionWith(store, 'small', 1_000);
    await sessionWith(store, 'large', 10_000);
    await appendTimes(store, 'small', 1_000, 20); // warm-up
    const appendSmall = await appendTimes(store, 'small', 1_020, 200);
    const appendLarge = await appendTimes(store, 'large', 10_000, 200);
    const resumeSmall: number[] = [];
    const resumeLarge: number[] = [];
    for (let run = 0; run < 7; run++) {
      let started = performance.now();
      const small = await store.load('small');
      resumeSmall.push(performance.now() - started);
      if (!small || small.history.length !== 1_220) throw new Error(`resume loaded ${small?.history.length} items`);
      started = performance.now();
      await store.load('large');
      resumeLarge.push(performance.now() - started);
    }
    return {
      appendP50At1k: median(appendSmall),
      appendP50At10k: median(appendLarge),
      appendSpreadAt10k: spread(appendLarge),
      resumeMsAt1k: median(resumeSmall),
      resumeSpreadAt1k: spread(resumeSmall),
      resumeMsPerThousandAt10k: median(resumeLarge) / 10.2,
    };
  } finally {
    database.close();
    indexedDB.deleteDatabase(name);
  }
}
