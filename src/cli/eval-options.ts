/** Command-line options of `npm run eval`; every bad value is a usage error that says why. */
import { parseArgs } from 'node:util';
import type { Protocol } from '../lib/harness/settings';
import { UsageError } from './cli-options';
import type { ServerKind } from '../lib/model/server-client';
import { serverKinds } from '../lib/model/server-client';
import { maxParallel, parseHostList } from './eval-hosts';
import type { HostSpec } from './eval-hosts';

export interface EvalOptions {
  suite: string;
  tasks?: string[];
  /** M3: the servers the sweep spreads over (one: --host; several: --hosts). */
  hosts: HostSpec[];
  models: string[];
  reference: boolean;
  noop: boolean;
  shortcuts: boolean;
  protocols: Protocol[];
  presets: string[];
  repeat: number;
  out: string;
  parallel: number;
  /** P2: warm the next run's prefix while a check runs. */
  warm: boolean;
  workspace: 'offline' | 'directory';
  maxSteps: number;
  maxSeconds: number;
  contextWindow?: number;
  outputLimit: number;
  /** Sampling: 0.2 unless given; with a seed (and 0) runs repeat exactly, on one server or several. */
  temperature?: number;
  seed?: number;
  /** Ollama's num_thread: several servers on one machine must share its cores. */
  threads?: number;
  retryCrashed: boolean;
  help: boolean;
}

export const evalHelp = `Usage: npm run eval -- [options]

Runs the eval suite (every task × model × protocol × preset × repeat) through the harness and
compares the configurations.

Options:
  --suite DIR          folder of eval tasks (default: evals)
  --tasks a,b          only these task ids
  --host URL           model server (default: http://127.0.0.1:11434)
  --hosts URL,URL      several servers for one sweep; each may say its kind and runs at a time:
                       http://a:11434#parallel=2,http://b:8080/v1#kind=openai
  --server-kind K      ollama, openai or auto (default: auto; ask each server). An API key
                       comes from HARNESS_API_KEY
  --models a,b         models to compare
  --reference          also run each task's reference solution (a scripted model)
  --noop               also run a model that answers "<final>done</final>" at once
  --shortcuts          also run each task's wrong solutions (shortcuts/*.json); every one must fail
  --protocols p,q      text, native, constrained (default: text; native only for models listing "tools")
  --presets a,b        default, small (the small-model profile, O4), no-recovery (calls written in
                       a reply's text are not run, T6), no-delegate (no delegate tool, D1),
                       think-first (a thought before every constrained reply, T6), a pack
                       of rules by name (bare: the loop with no heuristic rule; O5), or
                       preset files exported from the page's inspector ({"sections": {…}}, and
                       optionally "profile", "pack", "toolProfile", "maxDepth",
                       "showNamedFiles", "recoverCalls", "thinkFirst")
                       (default: default)
  --repeat N           runs of each combination (default: 1)
  --out DIR            where results.jsonl and the sessions go (default: eval-results/TIMESTAMP)
  --parallel N         runs at the same time per server (default: 1; raise it if a server runs several)
  --workspace W        offline (just-bash + QuickJS node) or directory (a temp dir, real node)
  --max-steps N        step limit per run unless the task sets one (default: 12)
  --max-seconds N      wall-time limit per run (default: 600)
  --num-ctx N          context window (default: the model's, capped at 8192)
  --num-predict N      output limit per reply (default: 512)
  --temperature T      sampling temperature, 0–2 (default: 0.2)
  --seed N             sampling seed (with --temperature 0 a run repeats exactly on any server)
  --num-thread N       CPU threads per Ollama request (servers sharing one machine must split its cores)
  --no-warm            do not have the server read the next run's prompt prefix while a check runs
                       (on by default: the next run then reads only what follows its prefix)
  --retry-crashed      run again the runs recorded as crashed (resuming); a run lost with a server
                       that went away runs again on another at once
  --help               show this help

Runs are ordered so that consecutive ones share the longest prompt start (one model, protocol,
preset and task after another): the server reuses what it has read. An existing results.jsonl
in --out is resumed: finished runs are not repeated. The last line of
stdout is one JSON object: {"tasks": N, "results": [...]}.`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function whole(name: string, value: string | undefined, fallback: number, min = 0, max = 1_000_000): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value.slice(0, 40)}"`);
  return Number(value);
}

function temperatureOf(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 2)
    throw new UsageError(`--temperature must be a number from 0 to 2, got "${value}"`);
  return number;
}

/** The eval runner's flags, as node:util's parseArgs reads them. */
const evalFlags = {
  suite: { type: 'string' },
  tasks: { type: 'string' },
  host: { type: 'string' },
  hosts: { type: 'string' },
  'server-kind': { type: 'string' },
  models: { type: 'string' },
  reference: { type: 'boolean' },
  noop: { type: 'boolean' },
  shortcuts: { type: 'boolean' },
  protocols: { type: 'string' },
  presets: { type: 'string' },
  repeat: { type: 'string' },
  out: { type: 'string' },
  parallel: { type: 'string' },
  workspace: { type: 'string' },
  'max-steps': { type: 'string' },
  'max-seconds': { type: 'string' },
  'num-ctx': { type: 'string' },
  'num-predict': { type: 'string' },
  temperature: { type: 'string' },
  seed: { type: 'string' },
  'num-thread': { type: 'string' },
  'retry-crashed': { type: 'boolean' },
  'no-warm': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseEvalOptions(argv: string[], now = new Date()): EvalOptions {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: evalFlags }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const protocols = list(values.protocols ?? 'text');
  for (const protocol of protocols)
    if (!['text', 'native', 'constrained'].includes(protocol))
      throw new UsageError(`--protocols takes text, native and constrained, got "${protocol}"`);
  const workspace = values.workspace ?? 'offline';
  if (workspace !== 'offline' && workspace !== 'directory')
    throw new UsageError(`--workspace must be offline or directory, got "${workspace}"`);
  const serverKind = values['server-kind'] ?? 'auto';
  if (serverKind !== 'auto' && !serverKinds.includes(serverKind as ServerKind))
    throw new UsageError(`--server-kind must be auto, ${serverKinds.join(' or ')}, got "${serverKind}"`);
  if (values.host && values.hosts) throw new UsageError('give --host or --hosts, not both');
  const parallel = whole('parallel', values.parallel, 1, 1, maxParallel);
  const hosts = parseHostList(values.hosts ?? values.host ?? 'http://127.0.0.1:11434', {
    kind: serverKind as HostSpec['kind'],
    parallel,
  });
  const options: EvalOptions = {
    suite: values.suite ?? 'evals',
    ...(values.tasks ? { tasks: list(values.tasks) } : {}),
    hosts,
    models: list(values.models),
    reference: values.reference ?? false,
    noop: values.noop ?? false,
    shortcuts: values.shortcuts ?? false,
    protocols: protocols as Protocol[],
    presets: list(values.presets ?? 'default'),
    repeat: whole('repeat', values.repeat, 1, 1, 1000),
    out: values.out ?? `eval-results/${now.toISOString().replace(/[:.]/g, '-').slice(0, 19)}`,
    parallel,
    workspace,
    maxSteps: whole('max-steps', values['max-steps'], 12),
    maxSeconds: whole('max-seconds', values['max-seconds'], 600),
    ...(values['num-ctx'] ? { contextWindow: whole('num-ctx', values['num-ctx'], 0, 256, 1_048_576) } : {}),
    outputLimit: whole('num-predict', values['num-predict'], 512, 1),
    ...(values.temperature !== undefined ? { temperature: temperatureOf(values.temperature) } : {}),
    ...(values.seed !== undefined ? { seed: whole('seed', values.seed, 0) } : {}),
    ...(values['num-thread'] !== undefined ? { threads: whole('num-thread', values['num-thread'], 0, 1, 1024) } : {}),
    retryCrashed: values['retry-crashed'] ?? false,
    warm: !(values['no-warm'] ?? false),
    help: values.help ?? false,
  };
  if (!options.help && options.models.length === 0 && !options.reference && !options.noop && !options.shortcuts)
    throw new UsageError('give --models a,b and/or --reference, --noop or --shortcuts');
  return options;
}
