/**
 * Runs the sweeps of evals/sweeps.json in order, each through `npm run eval` with its
 * own --out folder, so a killed sweep resumes where it stopped; after each, its results.jsonl is
 * copied to evals/results/NAME.jsonl (the file the README's tables are made from). Hosts come from
 * OLLAMA_HOST and LLAMA_CPP_HOST (both, when both are set: --hosts); threads are split between
 * two servers on one machine. `npx tsx scripts/sweep.ts [NAME…]` runs only the sweeps named.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEvals } from '../src/cli/load-evals';

interface Sweep {
  name: string;
  models: string[];
  protocols: string[];
  presets: string[];
  /** Task ids, or "SPLIT:RUNG" (see taskIds). */
  tasks: string[];
  repeat: number;
  /** Overrides the plan's default (0.2): a sweep of greedy decoding sets 0. */
  temperature?: number;
  /**
   * "ollama" (alone, every core), "both" (Ollama and llama-cpp-python, a core each), or one of
   * them with a core: "ollama-1" and "llama-cpp", for two sweeps at once. Two sweeps must not
   * share a server: each keeps one prompt in its cache, and two runs taking turns on it read
   * every prompt cold (two sweeps over "both" finished no run in ten minutes).
   */
  hosts?: 'ollama' | 'both' | 'ollama-1' | 'llama-cpp';
}

const plan = JSON.parse(readFileSync('evals/sweeps.json', 'utf8')) as {
  defaults: { seed: number; temperature: number; maxSteps: number; numCtx: number };
  sweeps: Sweep[];
};
const round4 = JSON.parse(readFileSync('evals/splits-round4.json', 'utf8')) as Record<string, Record<string, string[]>>;
const suite = loadEvals('evals');

/**
 * A sweep's tasks: ids, or "SPLIT:RUNG" — "test:1", "dev:2", "tuning:1" (O5: every task of that
 * split and rung, read from task.json), "rung:3" (every task of a rung), and round four's
 * "round4-tuning:1", "round4-heldOut:2" for the sweeps that ran on that split.
 */
function taskIds(names: string[]): string[] {
  return names.flatMap((name) => {
    const [split, rung] = name.split(':');
    if (rung === undefined) return [name];
    if (split.startsWith('round4-')) {
      const ids = round4[split.slice('round4-'.length)]?.[rung];
      if (!ids) throw new Error(`evals/sweeps.json: no split "${name}" in evals/splits-round4.json`);
      return ids;
    }
    const ids = suite
      .filter((task) => String(task.rung) === rung && (split === 'rung' || task.split === split))
      .map((task) => task.id);
    if (ids.length === 0) throw new Error(`evals/sweeps.json: no task is in "${name}"`);
    return ids;
  });
}

function hosts(which: Sweep['hosts']): string[] {
  const ollama = process.env.OLLAMA_HOST?.replace(/\/+$/, '');
  const llama = process.env.LLAMA_CPP_HOST?.replace(/\/+$/, '');
  if (!ollama) throw new Error('OLLAMA_HOST is not set (npm run ollama:serve prints it)');
  if ((which === 'both' || which === 'llama-cpp') && !llama)
    throw new Error(`this sweep runs on llama-cpp-python (hosts "${which}"): set LLAMA_CPP_HOST too`);
  // Two servers on one machine split its cores (llama-cpp-python's are set when it starts).
  if (which === 'both') return ['--hosts', `${ollama},${llama}/v1#kind=openai`, '--num-thread', '1'];
  if (which === 'llama-cpp') return ['--hosts', `${llama}/v1#kind=openai`];
  return which === 'ollama-1' ? ['--host', ollama, '--num-thread', '1'] : ['--host', ollama];
}

const wanted = process.argv.slice(2);
for (const sweep of plan.sweeps.filter((entry) => wanted.length === 0 || wanted.includes(entry.name))) {
  const out = join(process.env.HARNESS_SWEEPS ?? 'eval-results', sweep.name);
  const { seed, maxSteps, numCtx } = plan.defaults;
  const temperature = sweep.temperature ?? plan.defaults.temperature;
  const args = [
    ...['--models', sweep.models.join(','), '--protocols', sweep.protocols.join(',')],
    ...['--presets', sweep.presets.join(','), '--tasks', taskIds(sweep.tasks).join(',')],
    ...['--repeat', String(sweep.repeat), '--seed', String(seed), '--temperature', String(temperature)],
    ...['--max-steps', String(maxSteps), '--num-ctx', String(numCtx), '--out', out],
    ...hosts(sweep.hosts ?? 'ollama'),
  ];
  console.error(`sweep ${sweep.name}: npm run eval -- ${args.join(' ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const file = join(out, 'results.jsonl');
  if (existsSync(file)) copyFileSync(file, join('evals', 'results', `${sweep.name}.jsonl`));
  if (result.status !== 0) {
    console.error(`sweep ${sweep.name} ended with exit code ${result.status}; run again to resume`);
    process.exit(result.status ?? 1);
  }
}
