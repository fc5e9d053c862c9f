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
import type { Outcome } from '../harness/outcome';
import type { HarnessProfile, Protocol, ToolProfile } from '../harness/settings';
import type { Session } from '../harness/session';
import type { Workspace } from '../harness/workspace-types';
import type { ShellAnalyzer } from '../harness/tools/shell-rules';
import { MemoryTaskStore } from '../store/memory-task-store';
import { describeOutcome } from '../harness/outcome';
import { clip } from '../harness/context/clip';
import { MemorySessionStore } from '../store/memory-session-store';
import { ScriptedModelClient } from '../model/scripted-model-client';
import { evalTitle } from './eval-title';
import type { EvalTask } from './eval-task';
import { collectFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';
import { FileTrail } from '../store/file-trail';
import { runFigures } from './run-figures';
import type { RunFigures } from './run-figures';
import { evalSettings, runSeed } from './eval-settings';
import type { Snapshot } from '../store/file-trail';
import type { EvalResult } from './eval-result';
import { runId } from './eval-result';
import type { CheckRun } from './eval-check';
import { runCheck } from './eval-check';

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

export function modelName(model: EvalModel): string {
  if (model.kind === 'server') return model.name;
  return model.kind === 'shortcut' ? `shortcut:${model.name}` : model.kind;
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
