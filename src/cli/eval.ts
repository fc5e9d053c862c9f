#!/usr/bin/env node
/**
 * npm run eval — the eval suite (O2) headless: every task × model × protocol × preset × repeat
 * through the same harness as the page and `npm run agent`, results as results.jsonl (resumable),
 * a comparison table, and one JSON object as the last line. `--help` lists the options.
 */
import { spawnSync } from 'node:child_process';
import { escapeForTerminal, routeConsoleTo } from './terminal-text';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { EvalModel, EvalPreset, EvalRun } from '../lib/evals/run-eval';
import type { EvalResult } from '../lib/evals/eval-result';
import { warmEval } from '../lib/evals/warm-eval';
import { modelName, runEval } from '../lib/evals/run-eval';
import { runId } from '../lib/evals/eval-result';
import { summarize, summaryTable, taskRows, textTable } from '../lib/evals/eval-summary';
import { parseResults, resultLine } from '../lib/evals/results-file';
import { EvalTaskError } from '../lib/evals/eval-task';
import type { EvalTask } from '../lib/evals/eval-task';
import type { HarnessProfile, Protocol, ToolProfile } from '../lib/harness/settings';
import { harnessProfiles, toolProfiles } from '../lib/harness/settings';
import { cacheFriendlyOrder } from '../lib/evals/run-order';
import type { ServerClient } from '../lib/model/server-client';
import { runAcrossHosts } from '../lib/evals/host-pool';
import type { PoolHost } from '../lib/evals/host-pool';
import { connectHosts, protocolsFor } from './eval-servers';
import { MemoryWorkspace } from '../lib/workspace/memory-workspace';
import { NodeDirectoryWorkspace } from '../lib/workspace/node-directory-workspace';
import { restoreFiles } from '../lib/workspace/workspace-files';
import { analyzeShellCommand } from '../lib/workspace/shell-command-analyzer';
import { exportTrajectory } from '../lib/store/session-export';
import { evalHelp, parseEvalOptions } from './eval-options';
import type { EvalOptions } from './eval-options';
import { UsageError } from './cli-options';
import { loadEvals } from './load-evals';
import { isPack, packNames } from '../lib/harness/pack-lists';

// T7: task files, model names and server replies reach stderr: made inert (terminal-text.ts).
const log = (line: string) => process.stderr.write(`${escapeForTerminal(line)}\n`);
routeConsoleTo(log);

function loadPreset(spec: string): EvalPreset {
  if (spec === 'default') return { name: 'default', sections: {} };
  // O4: the small-model profile, built in.
  if (spec === 'small') return { name: 'small', sections: {}, profile: 'small' };
  // T6: the default harness without recovering calls from reply text, to measure what recovery does.
  if (spec === 'no-recovery') return { name: 'no-recovery', sections: {}, recoverCalls: false };
  // D1: the default harness without the delegate tool (Qwen2.5-Coder-1.5B called it with its example task).
  if (spec === 'no-delegate') return { name: 'no-delegate', sections: {}, maxDepth: 0 };
  // T6: the default harness with a thought before every constrained reply.
  if (spec === 'think-first') return { name: 'think-first', sections: {}, thinkFirst: true };
  // O5: a pack of rules by name (rule-packs.ts), on the default profile: `bare` is the loop alone.
  if (isPack(spec)) return { name: spec, sections: {}, pack: spec };
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(readFileSync(spec, 'utf8')) as Record<string, unknown>;
    if (!value || typeof value !== 'object') throw new Error('not a JSON object');
  } catch (error) {
    throw new UsageError(`--presets: ${spec} is not a readable JSON preset (${(error as Error).message})`);
  }
  const sections = value.sections;
  if (!sections || typeof sections !== 'object' || Object.values(sections).some((text) => typeof text !== 'string'))
    throw new UsageError(
      `--presets: ${spec} has no "sections" object of templates (export one from the page's inspector)`,
    );
  if (value.profile !== undefined && !harnessProfiles.includes(value.profile as HarnessProfile))
    throw new UsageError(`--presets: ${spec} has "profile" ${JSON.stringify(value.profile)}; use default or small`);
  // D1, O4, T6: the run settings a preset may choose besides its prompt, each checked.
  const { maxDepth, showNamedFiles, recoverCalls, toolProfile, thinkFirst, pack } = value;
  if (pack !== undefined && !(typeof pack === 'string' && isPack(pack)))
    throw new UsageError(`--presets: ${spec} has "pack" ${JSON.stringify(pack)}; use ${packNames.join(', ')}`);
  if (toolProfile !== undefined && !toolProfiles.includes(toolProfile as ToolProfile))
    throw new UsageError(
      `--presets: ${spec} has "toolProfile" ${JSON.stringify(toolProfile)}; use ${toolProfiles.join(', ')}`,
    );
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && (maxDepth as number) >= 0 && (maxDepth as number) <= 3))
    throw new UsageError(`--presets: ${spec} has "maxDepth" ${JSON.stringify(maxDepth)}; use 0 to 3`);
  for (const [key, flag] of Object.entries({ showNamedFiles, recoverCalls, thinkFirst }))
    if (flag !== undefined && typeof flag !== 'boolean')
      throw new UsageError(`--presets: ${spec} has "${key}" ${JSON.stringify(flag)}; use true or false`);
  return {
    name: path.basename(spec).replace(/\.json$/, ''),
    sections: sections as Record<string, string>,
    ...(value.profile ? { profile: value.profile as HarnessProfile } : {}),
    ...(maxDepth !== undefined ? { maxDepth: maxDepth as number } : {}),
    ...(showNamedFiles !== undefined ? { showNamedFiles: showNamedFiles as boolean } : {}),
    ...(thinkFirst !== undefined ? { thinkFirst: thinkFirst as boolean } : {}),
    ...(recoverCalls === false ? { recoverCalls: false } : {}),
    ...(toolProfile !== undefined ? { toolProfile: toolProfile as ToolProfile } : {}),
    ...(pack !== undefined ? { pack: pack as string } : {}),
  };
}

/**
 * The models to run. A served model's client is the first host's; each run is given the
 * client of the host that takes it (M3).
 */
async function models(
  options: EvalOptions,
  hosts: PoolHost<ServerClient>[],
): Promise<{ model: EvalModel; protocols: Protocol[] }[]> {
  const chosen: { model: EvalModel; protocols: Protocol[] }[] = [];
  if (options.reference) chosen.push({ model: { kind: 'reference' }, protocols: ['text'] });
  if (options.noop) chosen.push({ model: { kind: 'noop' }, protocols: ['text'] });
  for (const name of options.models) {
    const client = hosts[0].client;
    chosen.push({
      model: { kind: 'server', name, client },
      protocols: await protocolsFor(client, name, options.protocols, log),
    });
  }
  return chosen;
}

/** A fresh workspace for one run; a directory one is removed when the run is over (dispose). */
async function nodeEvalWorkspace(kind: EvalOptions['workspace'], files: Record<string, string>) {
  if (kind === 'offline') return new MemoryWorkspace({ files });
  const directory = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
  const workspace = new NodeDirectoryWorkspace(directory);
  await restoreFiles(workspace, files);
  return Object.assign(workspace, { dispose: () => rmSync(directory, { recursive: true, force: true }) });
}

/** The suite's tasks --tasks names (all when it names none); a name the suite lacks is a usage error. */
function selectTasks(options: EvalOptions): EvalTask[] {
  const suite = loadEvals(options.suite);
  const unknown = (options.tasks ?? []).filter((id) => !suite.some((task) => task.id === id));
  if (unknown.length)
    throw new UsageError(
      `--tasks: no task ${unknown.map((id) => `"${id}"`).join(', ')} in ${options.suite} ` +
        `(it has ${suite.map((task) => task.id).join(', ')})`,
    );
  const tasks = suite.filter((task) => !options.tasks || options.tasks.includes(task.id));
  for (const task of tasks)
    if (task.ignored) log(`warning: eval task "${task.id}": ignored unknown field(s) ${task.ignored.join(', ')}`);
  return tasks;
}

/** The results a sweep already has (resumable): a torn line is skipped; --retry-crashed drops crashed runs. */
function keptResults(options: EvalOptions, resultsFile: string): { kept: EvalResult[]; dropped: boolean } {
  const previous = existsSync(resultsFile)
    ? parseResults(readFileSync(resultsFile, 'utf8'))
    : { results: [], skipped: [] };
  for (const line of previous.skipped) log(`resume: skipped a torn line (${line})`);
  const kept = previous.results.filter((result) => !(options.retryCrashed && result.crashed));
  return { kept, dropped: kept.length < previous.results.length };
}

/** Every run the options ask for, in a cache-friendly order, less those already done. */
function planRuns(
  options: EvalOptions,
  tasks: EvalTask[],
  configurations: { model: EvalModel; protocols: Protocol[] }[],
  done: ReadonlySet<string>,
): EvalRun[] {
  const presets = options.presets.map(loadPreset);
  const plan: EvalRun[] = [];
  for (const task of tasks)
    for (const { model, protocols } of [
      ...configurations,
      // Each task's own wrong solutions, as scripted models: every one must fail.
      ...(options.shortcuts
        ? task.shortcuts.map((shortcut) => ({
            model: { kind: 'shortcut', name: shortcut.name } as EvalModel,
            protocols: ['text' as Protocol],
          }))
        : []),
    ])
      for (const protocol of protocols)
        for (const preset of presets)
          for (let repeat = 1; repeat <= options.repeat; repeat++)
            plan.push({
              task,
              model,
              protocol,
              preset,
              repeat,
              workspace: (files) => nodeEvalWorkspace(options.workspace, files),
              analyzeShell: analyzeShellCommand,
              maxSteps: options.maxSteps,
              maxSeconds: options.maxSeconds,
              outputLimit: options.outputLimit,
              ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
              ...(options.seed !== undefined ? { seed: options.seed } : {}),
              ...(options.threads !== undefined ? { threads: options.threads } : {}),
              ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
            });
  // Ordered before finished runs are left out, so a resumed sweep keeps the order the options gave.
  return cacheFriendlyOrder(plan, (run) => ({
    model: modelName(run.model),
    protocol: run.protocol,
    preset: run.preset.name,
    task: run.task.id,
    repeat: run.repeat,
  })).filter((run) => !done.has(runId(run.task.id, modelName(run.model), run.protocol, run.preset.name, run.repeat)));
}

/** A run's session beside the results (sessions/RUN.session.json), named in its result. */
function keepSession(out: string, result: EvalResult, ran: Awaited<ReturnType<typeof runEval>>): void {
  if (!ran.session) return;
  const file = path.join(out, 'sessions', `${result.runId.replace(/[^\w.-]+/g, '_')}.session.json`);
  const trajectory = {
    session: ran.session,
    events: ran.events,
    tasks: [],
    files: ran.files ?? {},
    ...(ran.snapshots?.length ? { snapshots: ran.snapshots } : {}),
  };
  writeFileSync(file, exportTrajectory(trajectory));
  result.session = path.relative(out, file);
}

/**
 * One run on the host that took it: a served model uses that host's client (M3); P2: while the
 * check runs, the host reads the prefix of the run it takes next (--no-warm: not), and that run's
 * time starts once the warm-up ended.
 */
function runnerOn(options: EvalOptions, harness: string | undefined) {
  const warming = new Map<string, Promise<void>>();
  return async (run: EvalRun, host: PoolHost<ServerClient | undefined>, claim: () => EvalRun | undefined) => {
    const on = (planned: EvalRun): EvalRun =>
      planned.model.kind === 'server' && host.client
        ? { ...planned, model: { ...planned.model, client: host.client } }
        : planned;
    await warming.get(host.name);
    warming.delete(host.name);
    const onCheck = () => {
      const upcoming = claim();
      if (upcoming)
        warming.set(
          host.name,
          warmEval(on(upcoming)).catch(() => undefined),
        );
    };
    const ran = await runEval({ ...on(run), ...(options.warm ? { onCheck } : {}) });
    const { result } = ran;
    if (run.model.kind === 'server') {
      result.host = host.name;
      if (host.label) result.server = host.label;
    }
    if (harness) result.harness = harness;
    keepSession(options.out, result, ran);
    return result;
  };
}

async function main(): Promise<number> {
  const options = parseEvalOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${evalHelp}\n`);
    return 0;
  }
  const tasks = selectTasks(options);
  // Scripted models need no server: a sweep of only those asks none.
  const hosts = options.models.length ? await connectHosts(options.hosts, options.models, log) : [];
  const local: PoolHost<ServerClient | undefined>[] = [
    { name: 'local', parallel: options.parallel, client: undefined, alive: async () => true },
  ];
  const configurations = await models(options, hosts);
  mkdirSync(path.join(options.out, 'sessions'), { recursive: true });
  const resultsFile = path.join(options.out, 'results.jsonl');
  const { kept, dropped } = keptResults(options, resultsFile);
  const done = new Set(kept.map((result) => result.runId));
  const plan = planRuns(options, tasks, configurations, done);
  log(
    `eval: ${tasks.length} tasks, ${plan.length} runs to ` +
      `do${done.size ? ` (${done.size} already in ${resultsFile})` : ''}, ` +
      `${(hosts.length ? hosts : local).reduce((sum, host) => sum + host.parallel, 0)} at a time; ` +
      `results in ${resultsFile}`,
  );
  if (dropped) writeFileSync(resultsFile, kept.map(resultLine).join(''));
  const results: EvalResult[] = [...kept];
  const record = (result: EvalResult) => {
    appendFileSync(resultsFile, resultLine(result));
    results.push(result);
    log(
      `[${results.length - kept.length}/${plan.length}] ${result.task} · ${result.model} · ` +
        `${result.protocol} · ${result.preset} #${result.repeat}${result.host ? ` @ ${result.host}` : ''} → ` +
        `${result.crashed ? `crashed: ${result.crashed}` : result.passed ? 'pass' : 'fail'} ` +
        `(${result.outcome}, ${result.steps} steps, ${result.seconds.toFixed(1)} s)`,
    );
  };
  const report = await runAcrossHosts<EvalRun, EvalResult, ServerClient | undefined>(
    plan,
    hosts.length ? hosts : local,
    runnerOn(options, harnessCommit()),
    {
      requeue: options.retryCrashed,
      onResult: (_run, _host, result) => record(result),
      onRetire: (host, reason) => log(`host ${host} stopped answering (${reason}); its runs go to the others`),
    },
  );
  if (report.left.length)
    log(`${report.left.length} runs were not done: no server was left. Run the same command again to resume.`);
  const wanted = new Set(plan.map((run) => run.task.id).concat(tasks.map((task) => task.id)));
  const shown = results.filter((result) => wanted.has(result.task));
  const summaries = summarize(shown);
  process.stdout.write(escapeForTerminal(`${summaryTable(summaries)}\n\n${textTable(taskRows(summaries))}\n`));
  process.stdout.write(`${JSON.stringify({ tasks: tasks.length, results: shown })}\n`);
  return 0;
}

/** The commit the sweep runs (with "+changes" when the tree differs from it), kept with each result. */
function harnessCommit(): string | undefined {
  const git = (args: string[]) => spawnSync('git', args, { encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return undefined;
  const dirty = git(['status', '--porcelain', '--untracked-files=no', '--', 'src']).stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+changes' : ''}`;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    if (error instanceof UsageError || error instanceof EvalTaskError) {
      log(`error: ${error.message}\n(see npm run eval -- --help)`);
      process.exit(2);
    }
    log(`internal error: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
