/**
 * O2: one eval run — a task, on a fresh workspace, with one model, protocol and prompt preset —
 * through the same Agent the page and the CLI use. After the run the task board is written to
 * `.harness/tasks.json` (so checks can read it) and the task's check command decides pass or
 * fail. Never throws: a run that breaks is a result with `crashed`. The files are kept at the start
 * and after every step that changed them, so a run's session replays with each step's files (U3).
 */
import { Agent } from '../harness/agent';
import type { HarnessEvent } from '../harness/events';
import type { ModelClient } from '../harness/model-types';
import type { FinalFlag, Outcome } from '../harness/outcome';
import type { HarnessProfile, Protocol, ToolProfile } from '../harness/settings';
import type { Session } from '../harness/session';
import type { ExecResult, Workspace } from '../harness/workspace-types';
import type { ShellAnalyzer } from '../harness/tools/shell-rules';
import { MemoryTaskStore } from '../store/memory-task-store';
import { describeOutcome } from '../harness/outcome';
import { clip } from '../harness/context/clip';
import { MemorySessionStore } from '../store/memory-session-store';
import { ScriptedModelClient } from '../model/scripted-model-client';
import { evalTitle } from './eval-title';
import type { EvalTask } from './eval-task';
import { isProtected } from './eval-task';
import type { Split } from './eval-task';
import { collectFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';
import { FileTrail } from '../store/file-trail';
import { runFigures } from './run-figures';
import type { RunFigures } from './run-figures';
import { evalSettings, runSeed } from './eval-settings';
import type { Snapshot } from '../store/file-trail';

/**
 * Who answers: a real model on a server, the task's reference solution, one of its shortcuts (a
 * wrong solution that must fail), or a model that does nothing.
 */
export type EvalModel =
  | { kind: 'server'; name: string; client: ModelClient }
  | { kind: 'reference' }
  | { kind: 'shortcut'; name: string }
  | { kind: 'noop' };

export interface EvalPreset {
  name: string;
  sections: Record<string, string>;
  /** O4: the harness profile the preset runs with (default: the default one). */
  profile?: HarnessProfile;
  /** T6: false runs without recovering calls from reply text (the "no-recovery" preset). */
  recoverCalls?: boolean;
  /** D1: how deep delegation may nest; 0 takes the delegate tool away (the "no-delegate" preset). */
  maxDepth?: number;
  /** O4: show the files the task names with it. */
  showNamedFiles?: boolean;
  /** T2: which tools the run offers (a task's own setting wins). */
  toolProfile?: ToolProfile;
  /** T6: constrained replies begin with a short thought (the "think-first" preset). */
  thinkFirst?: boolean;
  /** O5: the pack of rules (rule-packs.ts; the "bare" preset: none). */
  pack?: string;
}

export interface EvalRun {
  task: EvalTask;
  model: EvalModel;
  protocol: Protocol;
  preset: EvalPreset;
  repeat: number;
  /** A fresh workspace holding exactly these files. */
  workspace: (files: Record<string, string>) => Promise<Workspace & { dispose?(): void }>;
  analyzeShell?: ShellAnalyzer;
  /** Model options and limits for runs with a real model. */
  contextWindow?: number;
  outputLimit?: number;
  /** Sampling (default 0.2, no seed; repeat N samples with seed + N - 1). */
  temperature?: number;
  /**
   * Called as the check starts, not awaited: the sweep starts warming the server for the next run
   * then, and that run waits for it before its own time starts (P2; a warm-up is no run's time).
   */
  onCheck?: () => void;
  /** Provenance kept with the result: the server that answers ("Ollama 0.24.0"), the harness's commit. */
  server?: string;
  harness?: string;
  seed?: number;
  threads?: number;
  maxSteps?: number;
  maxSeconds?: number;
  signal?: AbortSignal;
  onEvent?: (event: HarnessEvent) => void;
}

/** One line of results.jsonl. */
export interface EvalResult {
  runId: string;
  task: string;
  tags: string[];
  /** The task's rung on the ladder (absent in results written before the ladder). */
  rung?: number;
  /** O5: the task's family and split (absent in results written before the pool). */
  family?: string;
  split?: Split;
  model: string;
  protocol: Protocol;
  preset: string;
  repeat: number;
  passed: boolean;
  outcome: Outcome['kind'];
  outcomeDetail: string;
  /** O5: a final answer's flags: a check that did not run, answers sent back before, a change claimed, not made. */
  flags?: FinalFlag['kind'][];
  steps: number;
  promptTokens: number;
  outputTokens: number;
  seconds: number;
  /** Of `seconds`, what the server spent reading prompts (cold prompt evaluation is most of a sweep). */
  promptSeconds?: number;
  /** Prompt tokens the server evaluated, not taken from its cache (absent when it reports no counts). */
  promptTokensEvaluated?: number;
  /** T6: calls recovered from the text of replies (absent when none). */
  recoveredCalls?: number;
  /** O5: how often each rule acted in the run (absent when none did). */
  rulesActed?: Record<string, number>;
  /** Provenance: the sampling the run used, the server that answered, the harness's commit. */
  temperature?: number;
  seed?: number;
  server?: string;
  harness?: string;
  /** Replies that parsed, of all replies (1 when there were none). */
  parseRate: number;
  formatErrors: number;
  checkExitCode: number;
  checkOutput: string;
  /** Where the session of this run was kept (a file, or an id in the page's store). */
  session?: string;
  /** M3: the server that ran it (served models only). */
  host?: string;
  /** Set when the run itself broke (not the model): the result does not count as a failure of the model. */
  crashed?: string;
}

export function modelName(model: EvalModel): string {
  if (model.kind === 'server') return model.name;
  return model.kind === 'shortcut' ? `shortcut:${model.name}` : model.kind;
}

export function runId(task: string, model: string, protocol: Protocol, preset: string, repeat: number): string {
  return [task, model, protocol, preset, repeat].join('|');
}

/**
 * Failures of the setup, not of the model: the server went away or was stopped, the model is
 * not on it, or it was too busy. Such a run is recorded as crashed (left out of the pass rate,
 * rerun with --retry-crashed) instead of counting against the model.
 */
const setupErrors = new Set(['unreachable', 'not_found', 'aborted', 'overloaded']);

/**
 * A scripted model (reference, do-nothing, shortcut) has no server: the prompt times and counts
 * its stand-in client reports are made up, and shown beside real seconds they read as a prompt
 * that took longer than its whole run. Only a server's figures are kept.
 */
function measuredFigures(
  run: EvalRun,
  figures: RunFigures,
): Omit<RunFigures, 'promptSeconds'> & { promptSeconds?: number } {
  if (run.model.kind === 'server') return figures;
  const { promptSeconds: _seconds, promptTokensEvaluated: _read, ...rest } = figures;
  return rest;
}

function client(run: EvalRun): ModelClient {
  const { model } = run;
  if (model.kind === 'server') return model.client;
  const replies =
    model.kind === 'reference'
      ? run.task.reference
      : model.kind === 'shortcut'
        ? (run.task.shortcuts.find((shortcut) => shortcut.name === model.name)?.replies ?? [])
        : ['<final>done</final>'];
  return new ScriptedModelClient(
    replies.map((text) => ({ text })),
    { whenExhausted: 'repeat-last' },
  );
}

/**
 * What the check runs on is not the model's to forge: the task board as the harness kept it,
 * protected files with the task's own content (recreated if deleted), and the hidden assertions,
 * which the model never saw. Like SWE-bench applying the test patch after the model's patch.
 */
async function prepareCheck(workspace: Workspace, task: EvalTask, board: string): Promise<void> {
  await workspace.mkdir('.harness');
  await workspace.writeFile('.harness/tasks.json', board);
  const restore = Object.entries(task.files).filter(([path]) => isProtected(task.protect, path));
  for (const [path, content] of [...restore, ...Object.entries(task.hidden)]) {
    // Whatever the model put in the way (a file where a folder was, a folder or link where the
    // file was) is removed first, or the write would fail and the check could not run.
    const parts = path.split('/');
    for (let end = 1; end <= parts.length; end++) {
      const at = parts.slice(0, end).join('/');
      const stat = await workspace.stat(at);
      const wanted = end === parts.length ? 'file' : 'directory';
      if (stat && stat.kind !== wanted) await workspace.remove(at);
    }
    if (parts.length > 1) await workspace.mkdir(parts.slice(0, -1).join('/'));
    await workspace.writeFile(path, content);
  }
}

export { taskLimits } from './eval-settings';

/** The fields of a result that say which run it was, whatever happened in it. */
type RunIdentity = Omit<
  EvalResult,
  | 'passed'
  | 'outcome'
  | 'outcomeDetail'
  | 'steps'
  | 'promptTokens'
  | 'outputTokens'
  | 'seconds'
  | 'parseRate'
  | 'formatErrors'
  | 'checkExitCode'
  | 'checkOutput'
>;

function runIdentity(run: EvalRun, name: string): RunIdentity {
  return {
    runId: runId(run.task.id, name, run.protocol, run.preset.name, run.repeat),
    task: run.task.id,
    tags: run.task.tags,
    rung: run.task.rung,
    ...(run.task.family ? { family: run.task.family } : {}),
    ...(run.task.split ? { split: run.task.split } : {}),
    model: name,
    protocol: run.protocol,
    preset: run.preset.name,
    repeat: run.repeat,
    ...(run.model.kind === 'server'
      ? {
          temperature: run.temperature ?? 0.2,
          ...(run.seed !== undefined ? { seed: runSeed(run) } : {}),
          ...(run.server ? { server: run.server } : {}),
        }
      : {}),
    ...(run.harness ? { harness: run.harness } : {}),
  };
}

/** The run's agent: its events kept (not the streamed pieces), a snapshot after each changing step. */
function evalAgent(
  run: EvalRun,
  parts: { name: string; workspace: Workspace; tasks: MemoryTaskStore; events: HarnessEvent[]; trail: FileTrail },
): Agent {
  // Scripted answers are written in the text protocol, whatever the configuration asks for.
  const protocol: Protocol = run.model.kind === 'server' ? run.protocol : 'text';
  const agent: Agent = new Agent({
    model: client(run),
    modelName: parts.name,
    workspace: parts.workspace,
    store: new MemorySessionStore(),
    tasks: parts.tasks,
    settings: evalSettings(run, protocol),
    ...(run.analyzeShell ? { analyzeShell: run.analyzeShell } : {}),
    onEvent: (event) => {
      if (event.type !== 'model.token' && event.type !== 'tool.output') parts.events.push(event);
      run.onEvent?.(event);
    },
    afterStep: async ({ changedFiles }) => {
      if (changedFiles) await parts.trail.take(agent.session.history.length);
    },
  });
  agent.session.title = evalTitle(
    `${run.task.id} · ${parts.name} · ${run.protocol} · ${run.preset.name} #${run.repeat}`,
  );
  return agent;
}

type CheckRun = Pick<ExecResult, 'exitCode' | 'stdout' | 'stderr' | 'timedOut'>;

/** The task's check on the files the run left, with its hidden files put back first. */
async function runCheck(workspace: Workspace, run: EvalRun, tasks: MemoryTaskStore): Promise<CheckRun> {
  // A workspace the model left so broken that the check's files cannot be put back fails the
  // check; it is the model's doing, not a crash of the run.
  const prepared = await prepareCheck(workspace, run.task, JSON.stringify(await tasks.list())).then(
    () => undefined,
    (error: Error) => `the check's files could not be put in place: ${error.message}`,
  );
  // P2: the server starts reading the next run's prefix while this run's check executes.
  run.onCheck?.();
  return prepared
    ? { exitCode: -1, stdout: '', stderr: prepared, timedOut: false }
    : workspace.exec(run.task.check, { timeoutMs: 120_000 });
}

function scored(
  run: EvalRun,
  identity: RunIdentity,
  ran: { outcome: Outcome; usage: { promptTokens: number; outputTokens: number }; steps: number },
  check: CheckRun,
  events: readonly HarnessEvent[],
  seconds: number,
): EvalResult {
  const { outcome } = ran;
  return {
    ...identity,
    passed: check.exitCode === 0 && !check.timedOut,
    outcome: outcome.kind,
    outcomeDetail: clip(describeOutcome(outcome), 300),
    ...(outcome.kind === 'final' && outcome.flags?.length ? { flags: outcome.flags.map((flag) => flag.kind) } : {}),
    steps: ran.steps,
    promptTokens: ran.usage.promptTokens,
    outputTokens: ran.usage.outputTokens,
    seconds,
    ...measuredFigures(run, runFigures(events)),
    checkExitCode: check.exitCode,
    checkOutput: clip(`${check.stdout}${check.stderr}`.trim(), 1000),
    ...(outcome.kind === 'error' && setupErrors.has(outcome.error.kind)
      ? { crashed: clip(describeOutcome(outcome), 300) }
      : {}),
  };
}

/** A run the eval itself could not carry through: counted, marked crashed, never scored. */
function broken(identity: RunIdentity, message: string, seconds: number): EvalResult {
  return {
    ...identity,
    passed: false,
    outcome: 'error',
    outcomeDetail: `the eval run broke: ${message}`,
    steps: 0,
    promptTokens: 0,
    outputTokens: 0,
    seconds,
    parseRate: 1,
    formatErrors: 0,
    checkExitCode: -1,
    checkOutput: '',
    crashed: message,
  };
}

export async function runEval(
  run: EvalRun,
): Promise<{ result: EvalResult; session?: Session; events: HarnessEvent[]; files?: FileMap; snapshots?: Snapshot[] }> {
  const name = modelName(run.model);
  const identity = runIdentity(run, name);
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const events: HarnessEvent[] = [];
  let workspace: (Workspace & { dispose?(): void }) | undefined;
  try {
    workspace = await run.workspace(run.task.files);
    const trail = new FileTrail(workspace);
    await trail.take(0);
    const tasks = new MemoryTaskStore();
    const agent = evalAgent(run, { name, workspace, tasks, events, trail });
    const ran = await agent.run(run.task.task, { signal: run.signal });
    const check = await runCheck(workspace, run, tasks);
    const result = scored(run, identity, ran, check, events, seconds());
    const final = await collectFiles(workspace).catch(() => undefined);
    // The end's files travel as `files`; snapshots are the earlier states.
    return {
      result,
      session: agent.session,
      events,
      ...(final ? { files: final } : {}),
      snapshots: trail.before(agent.session.history.length),
    };
  } catch (error) {
    return { result: broken(identity, (error as Error)?.message ?? String(error), seconds()), events };
  } finally {
    workspace?.dispose?.();
  }
}
