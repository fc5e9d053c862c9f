/**
 * O2: the results the project committed (evals/results/NAME.jsonl, one per sweep of
 * evals/sweeps.json or earlier rounds), so the Evals view never opens empty: each file is its own
 * chunk, loaded when it is shown. The default is the newest sweep of the test split, the figure
 * the README leads with.
 */
import sweepPlan from '../../../evals/sweeps.json';

const files = import.meta.glob('../../../evals/results/*.jsonl', { query: '?raw', import: 'default' }) as Record<
  string,
  () => Promise<string>
>;

const nameOf = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/\.jsonl$/, '');

interface PlannedSweep {
  name: string;
  why?: string;
  tasks?: string[];
}

const planned = (sweepPlan as { sweeps: PlannedSweep[] }).sweeps;

/** The committed results, newest planned sweep first, then the rest by name. */
export function committedResultNames(): string[] {
  const names = Object.keys(files).map(nameOf);
  const order = planned.map((sweep) => sweep.name).reverse();
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Why a sweep was run, in the words of evals/sweeps.json (absent for earlier rounds' files). */
export function committedWhy(name: string): string | undefined {
  return planned.find((sweep) => sweep.name === name)?.why;
}

/** The newest committed sweep of the test split, else the newest committed sweep. */
export function defaultCommitted(): string | undefined {
  const names = committedResultNames();
  const test = [...planned]
    .reverse()
    .find((sweep) => names.includes(sweep.name) && sweep.tasks?.some((task) => task.startsWith('test:')));
  return test?.name ?? names[0];
}

export async function committedResults(name: string): Promise<string> {
  const load = Object.entries(files).find(([path]) => nameOf(path) === name)?.[1];
  if (!load) throw new Error(`no committed results named "${name}"`);
  return load();
}
