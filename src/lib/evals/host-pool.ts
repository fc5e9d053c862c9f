/**
 * M3: one sweep's runs spread over several model servers, each with its own number of runs at
 * a time. Workers take the next run from one shared queue, so a fast server takes more; a worker
 * may claim the run it takes next while its current run ends (to warm the server for it: P2), so
 * no other server takes the run it prepared. A run
 * that crashes is followed by a look at its server: one that no longer answers is retired (its
 * workers stop taking runs), so only the runs it had in hand crash; with `requeue` those go back
 * on the queue for the servers still up instead of being recorded as crashed.
 */

export interface PoolHost<C> {
  /** How the host is named in results and logs (its URL). */
  name: string;
  /** What answers there ("Ollama 0.24.0"), kept with each result. */
  label?: string;
  parallel: number;
  client: C;
  /** Whether the server still answers (asked only after a crashed run). */
  alive(): Promise<boolean>;
}

export interface PoolRun<T, R> {
  item: T;
  /** Runs `item` on `host`; `crashed` says the run itself broke (not the model). */
  run(host: string, client: unknown): Promise<R & { crashed?: string }>;
}

export interface PoolReport<T, R> {
  /** Every finished result, in finishing order, with the host that ran it. */
  results: { item: T; host: string; result: R }[];
  /** Runs no host was left to do (every server went away). */
  left: T[];
  /** Hosts retired during the sweep, with the crash that showed it. */
  retired: { host: string; reason: string }[];
}

export interface PoolOptions<T, R> {
  /** Put a run that crashed with its host back on the queue (once per host lost). */
  requeue: boolean;
  /** Called as each result is final (the caller appends it to results.jsonl). */
  onResult(item: T, host: string, result: R): void;
  onRetire?(host: string, reason: string): void;
}

/** What the workers share: the runs to do, the report so far, the servers gone, the tries per run. */
interface Pool<T, R> {
  queue: T[];
  report: PoolReport<T, R>;
  down: Set<string>;
  attempts: Map<T, number>;
}

export async function runAcrossHosts<T, R extends { crashed?: string }, C>(
  items: readonly T[],
  hosts: readonly PoolHost<C>[],
  /** `claim()` takes the queue's next run for this worker, to prepare for it: it runs here next. */
  run: (item: T, host: PoolHost<C>, claim: () => T | undefined) => Promise<R>,
  options: PoolOptions<T, R>,
): Promise<PoolReport<T, R>> {
  const pool: Pool<T, R> = {
    queue: [...items],
    report: { results: [], left: [], retired: [] },
    down: new Set(),
    attempts: new Map(),
  };
  const { queue, down } = pool;
  // A run in flight elsewhere may come back to the queue: an idle worker waits for it to end.
  let inFlight = 0;
  let wake: () => void = () => {};
  let settled = new Promise<void>((resolve) => (wake = resolve));
  const finished = () => {
    inFlight--;
    wake();
    settled = new Promise<void>((resolve) => (wake = resolve));
  };

  const worker = async (host: PoolHost<C>) => {
    let claimed: T | undefined;
    const claim = () => (claimed ??= queue.shift());
    while (!down.has(host.name)) {
      const item = claimed ?? queue.shift();
      claimed = undefined;
      if (item === undefined) {
        if (inFlight === 0) return;
        await settled;
        continue;
      }
      inFlight++;
      let result: R;
      try {
        result = await run(item, host, claim);
      } catch (error) {
        result = { crashed: (error as Error)?.message ?? String(error) } as R;
      }
      await settle(pool, hosts, options, { item, host, result });
      finished();
    }
    // A run claimed by a worker whose server went away goes back for the others.
    if (claimed !== undefined) queue.unshift(claimed);
  };

  await Promise.all(hosts.flatMap((host) => Array.from({ length: Math.max(1, host.parallel) }, () => worker(host))));
  pool.report.left = queue;
  return pool.report;
}

/**
 * A run's end: a crash on a server that no longer answers retires that server, and the run goes
 * back to the queue while another server is up (at most once per server); otherwise it is final.
 */
async function settle<T, R extends { crashed?: string }, C>(
  pool: Pool<T, R>,
  hosts: readonly PoolHost<C>[],
  options: PoolOptions<T, R>,
  { item, host, result }: { item: T; host: PoolHost<C>; result: R },
): Promise<void> {
  const { down, report } = pool;
  if (result.crashed && !down.has(host.name) && !(await host.alive())) {
    down.add(host.name);
    report.retired.push({ host: host.name, reason: result.crashed });
    options.onRetire?.(host.name, result.crashed);
  }
  const lostWithHost = result.crashed !== undefined && down.has(host.name);
  const tries = (pool.attempts.get(item) ?? 0) + 1;
  pool.attempts.set(item, tries);
  const anotherUp = hosts.some((other) => !down.has(other.name));
  if (lostWithHost && options.requeue && anotherUp && tries <= hosts.length) pool.queue.push(item);
  else {
    report.results.push({ item, host: host.name, result });
    options.onResult(item, host.name, result);
  }
}
