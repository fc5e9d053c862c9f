import { describe, expect, it } from 'vitest';
import { runAcrossHosts } from '../../../src/lib/evals/host-pool';
import type { PoolHost } from '../../../src/lib/evals/host-pool';

interface Result {
  id: number;
  host: string;
  crashed?: string;
}

/** A host whose runs take `ms` each and which can be switched off (its runs in hand then crash). */
function host(name: string, parallel: number, ms = 5) {
  const state = { up: true, running: 0, most: 0, ran: [] as number[] };
  const entry: PoolHost<typeof state> = { name, parallel, client: state, alive: async () => state.up };
  const run = async (id: number): Promise<Result> => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    state.running--;
    state.ran.push(id);
    return state.up ? { id, host: name } : { id, host: name, crashed: `cannot reach ${name}` };
  };
  return { entry, state, run };
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('M3 one sweep over several servers', () => {
  it('M3 spreads the runs over every host, each at its own concurrency', async () => {
    const a = host('a', 2);
    const b = host('b', 1);
    const seen: number[] = [];
    const report = await runAcrossHosts(
      ids(12),
      [a.entry, b.entry],
      (item, chosen) => (chosen.name === 'a' ? a.run(item) : b.run(item)),
      { requeue: false, onResult: (item) => seen.push(item) },
    );
    expect(report.results).toHaveLength(12);
    expect([...seen].sort((x, y) => x - y)).toEqual(ids(12));
    expect(a.state.most).toBe(2);
    expect(b.state.most).toBe(1);
    expect(a.state.ran.length).toBeGreaterThan(0);
    expect(b.state.ran.length).toBeGreaterThan(0);
    expect(report.left).toEqual([]);
  });

  it('M3 a host that goes away crashes only the runs it had; the rest finish elsewhere', async () => {
    const a = host('a', 1);
    const b = host('b', 1, 2);
    let started = 0;
    const report = await runAcrossHosts(
      ids(10),
      [a.entry, b.entry],
      (item, chosen) => {
        if (chosen.name === 'a' && ++started === 2) a.state.up = false; // a dies during its second run
        return chosen.name === 'a' ? a.run(item) : b.run(item);
      },
      { requeue: false, onResult: () => {} },
    );
    const crashed = report.results.filter((entry) => entry.result.crashed);
    expect(crashed).toHaveLength(1);
    expect(crashed[0].host).toBe('a');
    expect(report.retired).toEqual([{ host: 'a', reason: 'cannot reach a' }]);
    expect(a.state.ran).toHaveLength(2); // no run was given to a after it went away
    expect(report.results).toHaveLength(10);
  });

  it('M3 with requeue a run lost with its host runs again on another and no crash is recorded', async () => {
    const a = host('a', 1);
    const b = host('b', 1, 2);
    const report = await runAcrossHosts(
      ids(6),
      [a.entry, b.entry],
      (item, chosen) => {
        if (chosen.name === 'a') a.state.up = false;
        return chosen.name === 'a' ? a.run(item) : b.run(item);
      },
      { requeue: true, onResult: () => {} },
    );
    expect(report.results.filter((entry) => entry.result.crashed)).toEqual([]);
    expect(report.results.map((entry) => entry.item).sort((x, y) => x - y)).toEqual(ids(6));
    expect(report.results.every((entry) => entry.host === 'b')).toBe(true);
  });

  it('M3 a crash on a host that still answers is the run\u2019s own: the host keeps working', async () => {
    const a = host('a', 1);
    const report = await runAcrossHosts(
      ids(4),
      [a.entry],
      async (item) => (item === 1 ? { id: item, host: 'a', crashed: 'busy' } : a.run(item)),
      { requeue: true, onResult: () => {} },
    );
    expect(report.retired).toEqual([]);
    expect(report.results.filter((entry) => entry.result.crashed)).toHaveLength(1);
    expect(report.results).toHaveLength(4);
  });

  it('M3 when every host has gone the runs no one could do are left, not lost', async () => {
    const a = host('a', 1);
    a.state.up = false;
    const report = await runAcrossHosts(ids(5), [a.entry], (item) => a.run(item), {
      requeue: true,
      onResult: () => {},
    });
    expect(report.results).toHaveLength(1);
    expect(report.results[0].result.crashed).toBeTruthy();
    expect(report.left).toEqual([1, 2, 3, 4]);
  });

  it('M3 P2 a run a worker claims while its run ends runs on that worker next: no other server takes it', async () => {
    const a = host('a', 1, 20);
    const b = host('b', 1, 1);
    const claimedBy = new Map<number, string>();
    const report = await runAcrossHosts(
      ids(8),
      [a.entry, b.entry],
      async (item, chosen, claim) => {
        const result = await (chosen.name === 'a' ? a.run(item) : b.run(item));
        // As a check starts: the worker claims its next run (to warm the server for it).
        const next = claim();
        if (next !== undefined) claimedBy.set(next, chosen.name);
        expect(claim()).toBe(next); // claiming again gives the same run, not another
        return result;
      },
      { requeue: false, onResult: () => {} },
    );
    expect(report.results).toHaveLength(8);
    for (const { item, host: ranOn } of report.results)
      if (claimedBy.has(item)) expect(ranOn, `run ${item}`).toBe(claimedBy.get(item));
    // The fast server still took more: claiming reserves one run, not a share.
    expect(b.state.ran.length).toBeGreaterThan(a.state.ran.length);
  });
});
