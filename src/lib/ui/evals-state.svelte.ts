/**
 * O2 in the page: run the bundled suite across models, protocols and presets on the offline
 * workspace (each run in its own shell worker), watch it, keep each run's session in the store
 * (one click away), and import a headless run's results.jsonl to read it the same way.
 */
import type { Protocol } from '../harness/settings';
import type { SessionStore } from '../harness/ports';
import type { EvalTask } from '../evals/eval-task';
import type { EvalModel, EvalPreset } from '../evals/run-eval';
import type { EvalResult } from '../evals/eval-result';
import { modelName, runEval } from '../evals/run-eval';
import { maxResultsBytes, parseResults, resultLine } from '../evals/results-file';
import { hasSnapshots } from '../store/store-capabilities';
import type { ServerClient } from '../model/server-client';
import type { EvalResultsKeeper, EvalSource } from './eval-results-keeper';
import { importEvalBundle } from './eval-bundle';
import type { FileMap } from './eval-bundle';
import type { Trajectory } from '../store/session-export';
import type { Session } from '../harness/session';
import type { AgentSettings } from '../harness/settings';

export interface EvalPlan {
  tasks: EvalTask[];
  models: string[];
  protocols: Protocol[];
  presets: EvalPreset[];
  repeat: number;
  parallel: number;
  outputLimit: number;
  maxSteps: number;
}

export interface EvalDependencies {
  store: SessionStore;
  client: () => ServerClient;
  /** Which models list "tools" (the native protocol is run only for those). */
  toolModels: Set<string>;
}

export class EvalsState {
  tasks = $state.raw<EvalTask[]>([]);
  results = $state.raw<EvalResult[]>([]);
  /**
   * Where the results came from: runs in this page, an imported results.jsonl alone, or a sweep
   * imported with its sessions ("bundle": every linked run opens like a page run).
   */
  source = $state<EvalSource>('page');
  /** The committed sweep the table shows (read-only: a run replaces it without asking). */
  committed = $state<string | undefined>(undefined);
  running = $state(false);
  progress = $state({ done: 0, total: 0, current: '' });
  problem = $state<string | undefined>(undefined);
  private controller: AbortController | undefined;

  constructor(private readonly keeper?: EvalResultsKeeper) {}

  /**
   * U6: the table of the last session's evals, as it was before the reload; with none kept, the
   * project's committed results (the view never opens empty).
   */
  async restore(): Promise<void> {
    const kept = await this.keeper?.load();
    if (this.results.length) return;
    if (kept && 'problem' in kept) this.problem = kept.problem;
    else if (kept?.results.length) [this.results, this.source] = [kept.results, kept.source];
    else {
      const { defaultCommitted } = await import('./committed-results');
      const name = defaultCommitted();
      if (name && !this.results.length) await this.showCommitted(name, { onlyIfEmpty: true });
    }
  }

  /** Shows a committed results file (evals/results/NAME.jsonl); it is not kept as the page's table. */
  async showCommitted(name: string, options: { onlyIfEmpty?: boolean } = {}): Promise<void> {
    try {
      const { committedResults } = await import('./committed-results');
      const parsed = parseResults(await committedResults(name));
      // Shown for an empty table, the file must not replace a table that filled while it loaded.
      if (options.onlyIfEmpty && (this.results.length || this.running)) return;
      this.results = parsed.results;
      this.source = 'import';
      this.committed = name;
      this.problem = parsed.skipped.length ? `Skipped: ${parsed.skipped.join('; ')}` : undefined;
    } catch (error) {
      this.problem = `The committed results could not be shown: ${(error as Error).message}`;
    }
  }

  private async keep(): Promise<void> {
    const problem = await this.keeper?.save({ results: this.results, source: this.source });
    if (problem) this.problem = problem;
  }

  async load(): Promise<void> {
    if (this.tasks.length) return;
    try {
      const { bundledEvals } = await import('../evals/bundled-evals');
      this.tasks = bundledEvals();
    } catch (error) {
      this.problem = `The eval suite could not be loaded: ${(error as Error).message}`;
    }
  }

  private model(name: string, dependencies: EvalDependencies): EvalModel {
    if (name === 'reference' || name === 'noop') return { kind: name };
    return { kind: 'server', name, client: dependencies.client() };
  }

  /**
   * What a new run does to the table: "replace" starts a new one; "add" keeps the runs there, a
   * new run taking the row of an old one with the same id (the same task, configuration and
   * repeat, run again). Imported results are only replaced: their sessions are not in this page.
   * The view asks which before a run touches a table that holds results.
   */
  async run(plan: EvalPlan, dependencies: EvalDependencies, table: 'replace' | 'add' = 'replace'): Promise<void> {
    if (this.running) return;
    this.controller = new AbortController();
    const signal = this.controller.signal;
    const runs = plannedRuns(plan, dependencies.toolModels);
    if (table === 'replace' || this.source === 'import') this.results = [];
    this.source = 'page';
    this.committed = undefined;
    this.running = true;
    this.problem = undefined;
    this.progress = { done: 0, total: runs.length, current: '' };
    const { analyzeShellCommand } = await import('../workspace/shell-command-analyzer');
    let next = 0;
    const worker = async () => {
      while (next < runs.length && !signal.aborted) {
        const planned = runs[next++];
        this.progress = {
          ...this.progress,
          current:
            `${planned.task.id} · ${planned.name} · ${planned.protocol} · ` +
            `${planned.preset.name} #${planned.repeat}`,
        };
        const { result, session, events, files, snapshots } = await runEval({
          task: planned.task,
          model: this.model(planned.name, dependencies),
          protocol: planned.protocol,
          preset: planned.preset,
          repeat: planned.repeat,
          workspace: workerEvalWorkspace,
          analyzeShell: analyzeShellCommand,
          outputLimit: plan.outputLimit,
          maxSteps: plan.maxSteps,
          signal,
        });
        if (session) await this.keepSession({ result, session, events, files, snapshots }, dependencies.store);
        this.results = [...this.results.filter((kept) => kept.runId !== result.runId), result];
        this.progress = { ...this.progress, done: this.progress.done + 1 };
        await this.keep();
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.parallel, runs.length)) }, worker));
    } finally {
      this.running = false;
      this.progress = { ...this.progress, current: signal.aborted ? 'stopped' : 'done' };
    }
  }

  /** Each run's session is one click away, like any other session; a store that fails is said, not thrown. */
  private async keepSession(
    { result, session, events, files, snapshots }: EvalRunOutput & { session: Session },
    store: EvalDependencies['store'],
  ): Promise<void> {
    try {
      await store.saveSession(session);
      await store.appendEvents(session.id, events);
      if (hasSnapshots(store)) {
        // Replay shows each step's files: the earlier states, then the end.
        for (const snapshot of snapshots ?? []) await store.saveSnapshot(session.id, snapshot.step, snapshot.files);
        if (files) await store.saveSnapshot(session.id, session.history.length, files);
      }
      result.session = session.id;
    } catch (error) {
      this.problem = `A run's session could not be kept: ${(error as Error).message}`;
    }
  }

  stop(): void {
    this.controller?.abort();
  }

  /** A results file from disk: one too large is refused before it is read (the page stays responsive). */
  async importResultsFile(file: Blob & { name: string }): Promise<void> {
    if (file.size > maxResultsBytes) {
      const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
      this.problem = `${file.name} is ${megabytes(file.size)} MB; at most ${megabytes(maxResultsBytes)} MB is read`;
      return;
    }
    this.importResults(await file.text());
  }

  importResults(text: string): void {
    try {
      const parsed = parseResults(text);
      this.results = parsed.results;
      this.source = 'import';
      this.committed = undefined;
      void this.keep();
      this.problem = parsed.skipped.length ? `Skipped: ${parsed.skipped.join('; ')}` : undefined;
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** U5: a sweep's folder or zip — results.jsonl and its sessions — imported whole. */
  async importBundle(
    files: FileMap,
    options: { store: (trajectory: Trajectory) => Promise<Session>; trusted: AgentSettings },
  ): Promise<void> {
    try {
      const bundle = await importEvalBundle(files, options);
      this.results = bundle.results;
      this.source = bundle.linked ? 'bundle' : 'import';
      this.committed = undefined;
      const shown = bundle.problems.slice(0, 3).join('; ');
      const more = bundle.problems.length > 3 ? ` (and ${bundle.problems.length - 3} more)` : '';
      this.problem = bundle.problems.length
        ? `${bundle.linked} of ${bundle.results.length} runs came with their session. Not linked: ${shown}${more}`
        : undefined;
      await this.keep();
    } catch (error) {
      this.problem = `Nothing was imported: ${(error as Error).message}`;
    }
  }

  exportResults(): string {
    return this.results.map(resultLine).join('');
  }
}

/** Each run gets its own shell worker, so a busy `node --test` never freezes the page. */
async function workerEvalWorkspace(files: Record<string, string>) {
  if (typeof Worker === 'function') {
    const { WorkerWorkspace } = await import('../workspace/offline-worker/worker-workspace');
    return WorkerWorkspace.create(files);
  }
  const { MemoryWorkspace } = await import('../workspace/memory-workspace');
  return new MemoryWorkspace({ files });
}

export { modelName };

type EvalRunOutput = Awaited<ReturnType<typeof runEval>>;

/** Every run a plan asks for: tasks × models × protocols (native only for a model with tools) × presets × repeats. */
function plannedRuns(plan: EvalPlan, toolModels: ReadonlySet<string>) {
  return plan.tasks.flatMap((task) =>
    plan.models.flatMap((name) => {
      const scripted = name === 'reference' || name === 'noop';
      const protocols = scripted
        ? (['text'] as Protocol[])
        : plan.protocols.filter((protocol) => protocol !== 'native' || toolModels.has(name));
      return protocols.flatMap((protocol) =>
        plan.presets.flatMap((preset) =>
          Array.from({ length: plan.repeat }, (_, index) => ({ task, name, protocol, preset, repeat: index + 1 })),
        ),
      );
    }),
  );
}
