/**
 * The page's state (DESIGN rule 6), composed of three parts: the session library (list, open,
 * import…), the run controller (agent runs, transcript) and the workspace state (files, editor,
 * checkpoints). This class wires them to the settings, the connection and the open session —
 * which is one object for its whole life in the page, mutated in place (renames and settings
 * never detach it from a running agent).
 */
import type { HarnessEvent } from '../harness/events';
import type { ModelClient } from '../harness/model-types';
import type { Session } from '../harness/session';
import type { SessionView } from './session-view';
import { sessionView } from './session-view';
import type { AgentSettings } from '../harness/settings';
import type { Task, TaskStore } from '../harness/tasks/task-types';
import { MemoryTaskStore } from '../store/memory-task-store';
import { ScriptedModelClient } from '../model/scripted-model-client';
import { IndexedDbTaskStore } from '../store/indexeddb-task-store';
import type { HarnessDatabase } from '../store/harness-database';
import type { Trajectory } from '../store/session-export';
import type { FileMap } from '../workspace/workspace-files';
import { shortServer } from '../model/server-client';
import { ConnectionState } from './connection-state.svelte';
import { UiApprover } from './ui-approver.svelte';
import { UiStepGate } from './ui-step-gate.svelte';
import { SessionLibrary } from './session-library.svelte';
import { RunController } from './run-controller.svelte';
import { WorkspaceState } from './workspace-state.svelte';
import { WarmUp } from './warm-up.svelte';
import { measured, offerSettings } from './measured-offer';
import type { PlaygroundSettings, UrlPreset } from './playground-settings';
import {
  defaultPlaygroundSettings,
  demoModelName,
  pageRetryPolicy,
  runSettings,
  withDefaults,
} from './playground-settings';
import { demoScript } from './demo-session';
import type { FilesReview, ImportReview } from './import-review';
import { reviewFiles } from './import-review';
import {
  attempt,
  deleteSession,
  finishImport,
  importTrajectory,
  renameSession,
  resetSession,
  restoreCheckpoint,
  setSectionOverride,
} from './session-actions';
import { newSession, openSession, showSession } from './session-opening';
import { TeachingState } from './teaching/teaching-state.svelte';
import { teachingHost } from './teaching/teaching-host';
import { answerLinkProposal, startUp } from './start-up';
import { runBlocked } from './run-blocked';

export type { PromptSection } from './run-controller.svelte';

import type { Notice } from './session-actions';
export type { Notice };

export class Playground {
  settings = $state<PlaygroundSettings>(defaultPlaygroundSettings());
  readonly connection: ConnectionState;
  readonly approver = new UiApprover();
  readonly stepGate = new UiStepGate();
  readonly library = new SessionLibrary();
  readonly runs = new RunController();
  readonly files = new WorkspaceState();
  /** P2: the next run's prefix, read by the server before Run. */
  readonly warmUp = new WarmUp();
  session = $state.raw<Session | undefined>(undefined);
  /** What the page shows of the open session; made afresh by `editSession` (session-view.ts). */
  view = $state.raw<SessionView | undefined>(undefined);
  tasks = $state.raw<Task[]>([]);
  task = $state('');
  /** True while a session is being made or opened: nothing may run against a half-made one. */
  loading = $state(false);
  notice = $state<Notice | undefined>(undefined);
  storageProblem = $state<string | undefined>(undefined);
  /** T7: changes a link proposed that lower safety or change the server, awaiting the person. */
  linkProposal = $state.raw<UrlPreset['proposals'] | undefined>(undefined);
  /** T7: an import that brings prompt overrides or a memory file, awaiting confirmation. */
  importReview = $state.raw<ImportReview | FilesReview | undefined>(undefined);
  database: HarnessDatabase | undefined;
  private taskStore: TaskStore = new MemoryTaskStore();
  /** U3: replay, forks and lessons over the open session. */
  readonly teaching: TeachingState;

  constructor(readonly origin: string) {
    this.connection = new ConnectionState(origin, () => this.settings.serverKind);
    this.teaching = new TeachingState(teachingHost(this));
  }

  get isDemo(): boolean {
    return !this.settings.model;
  }

  get modelLabel(): string {
    return this.settings.model || demoModelName;
  }

  get running(): boolean {
    return this.runs.running;
  }

  /** Why Run is disabled right now, said to the person; undefined when it may run (run-blocked.ts). */
  get runBlocked(): string | undefined {
    return runBlocked(this);
  }

  /** Start-up (settings, a link's proposals, the session to show): start-up.ts. */
  init(search: string): Promise<void> {
    return startUp(this, search);
  }

  /** The configured model's server; with the demo model, a quiet look for one to offer. */
  checkConnection(): void {
    if (this.isDemo) void this.connection.discover(this.settings.host);
    else void this.connection.check(this.settings.host, this.settings.model);
  }

  /** Leaves the demo model for one found on the configured server, in a new session on the sample. */
  /**
   * U2: the first screen's one click — the found model with the configuration the committed
   * results measured best for it (protocol, profile or pack), on the first-task sample, the
   * server checked before the session is made so the warm-up starts at once.
   */
  async useFoundModel(model: string): Promise<void> {
    if (this.running || !this.connection.found?.models.includes(model)) return;
    const offer = measured.find((entry) => entry.model === model);
    Object.assign(this.settings, offer ? offerSettings(offer) : { model });
    this.settings.sample = 'first-task';
    await this.saveSettings();
    await this.connection.check(this.settings.host, model);
    // The offer goes once the new session is there (newSession keeps text typed meanwhile).
    await this.newSession('first-task');
    this.connection.found = undefined;
  }

  /** T7: apply (or drop) what a link proposed. */
  answerLinkProposal(apply: boolean): Promise<void> {
    return answerLinkProposal(this, apply);
  }

  async saveSettings(next?: PlaygroundSettings): Promise<void> {
    if (next) this.settings = withDefaults(next);
    try {
      await this.database?.put('settings', { key: 'playground', value: $state.snapshot(this.settings) });
    } catch (error) {
      this.storageProblem = (error as Error).message;
    }
  }

  /** T7: the settings a run uses (safety from the page, never from the stored session). */
  agentSettings(session: Session): AgentSettings {
    return runSettings(this.settings, session, this.isDemo);
  }

  private modelClient(): ModelClient {
    if (this.isDemo)
      return new ScriptedModelClient(demoScript.map((reply) => ({ ...reply, delayMs: 250, chunkSize: 6 })));
    return this.connection.client(this.settings.host);
  }

  /** What a run's Agent (and a warm-up's) is made from: the same model, workspace, tools and settings. */
  private async agentOptions(session: Session) {
    // The shell parser (just-bash) loads on first use, like the shell itself: the entry stays small.
    const { analyzeShellCommand } = await import('../workspace/shell-command-analyzer');
    return {
      model: this.modelClient(),
      modelName: session.model,
      workspace: this.files.current,
      store: this.library.store,
      tasks: this.boardOf(session),
      extraTools: this.files.tools,
      analyzeShell: analyzeShellCommand,
      settings: session.settings,
    };
  }

  /**
   * P2: warms the next run's prefix once things settle — for a model the person chose
   * on a server that answered; never for the Demo model, a lesson, or during a run. `key` is what
   * the prefix is made from: the same key again is already warm.
   */
  warmSoon(key: string): void {
    const session = this.session;
    if (this.isDemo) return this.warmUp.off('the Demo model needs no server');
    if (this.teaching.replaying) return this.warmUp.off('a replay or lesson is open');
    if (this.connection.status.kind !== 'connected') return this.warmUp.off('the server has not answered yet');
    if (!session || this.loading || this.runs.running) return this.warmUp.cancel();
    this.warmUp.request(key, async (signal) => {
      const settings = this.agentSettings(session);
      const options = await this.agentOptions(session);
      const { Agent } = await import('../harness/agent');
      // A copy of the session: the warm-up must not touch the one the page holds.
      const copy = { ...session, settings, model: this.modelLabel, history: [...session.history] };
      return new Agent({ ...options, session: copy, settings }).warm(signal);
    });
  }

  /** K1: the task board of the session's project (shared with its forks, not with other projects). */
  private boardOf(session: Session): TaskStore {
    const id = session.workspace.id ?? session.id;
    return this.database ? new IndexedDbTaskStore(this.database, id) : this.taskStore;
  }

  /**
   * Changes the open session in place (it is shared with a running Agent) and makes the page's
   * view of it afresh: every change the page makes to the session goes through here.
   */
  editSession(change: (session: Session) => void): void {
    if (!this.session) return;
    change(this.session);
    this.view = sessionView(this.session);
  }

  /** Opens a session: files from its newest snapshot, transcript from its events and items. */
  show(session: Session, events: HarnessEvent[], files?: FileMap): Promise<void> {
    return showSession(this, session, events, files);
  }

  /** A new session (session-opening.ts); `demo`: the bundled demo project and task (for the Demo model). */
  newSession(
    sampleId = this.settings.sample,
    files?: FileMap,
    options: { demo?: boolean; task?: string } = {},
  ): Promise<void> {
    return newSession(this, sampleId, files, options);
  }

  openSession(id: string): Promise<void> {
    return openSession(this, id);
  }

  /** Runs the task (or, with an empty task on an interrupted session, resumes it). */
  async run(task = this.task): Promise<void> {
    const session = this.session;
    if (!session || this.loading || this.runs.running) return;
    if (!task.trim() && !this.runs.interrupted) return;
    session.settings = this.agentSettings(session);
    session.model = this.modelLabel;
    // U5: the demo model runs on no server.
    if (this.isDemo) delete session.server;
    else session.server = shortServer(this.settings.serverKind, this.settings.host);
    this.notice = undefined;
    // A warm-up in flight would only delay the run's first request.
    this.warmUp.cancel();
    const outcome = await this.runs.run(session, task.trim(), {
      ...(await this.agentOptions(session)),
      workspaceChoice: { reason: this.files.factory.backend.reason },
      approver: this.approver,
      stepGate: this.stepGate,
      retryPolicy: pageRetryPolicy(this.settings),
      onEvent: (event) => this.onEvent(session, event),
      // W6: the snapshot and the checkpoint of one state, kept by one rule (checkpoint-plan.ts).
      beforeFirstChange: () => this.files.keep(session, this.library),
      afterStep: async (info) => {
        if (info.changedFiles) await this.files.keep(session, this.library);
      },
    });
    if (outcome.kind === 'error' && outcome.error.kind !== 'unreachable')
      this.notice = { kind: 'error', text: outcome.error.message };
    if (outcome.kind === 'error' && outcome.error.kind === 'unreachable')
      void this.connection.check(this.settings.host, this.settings.model);
    // The task ran, so the box empties — unless the next one was typed while this run ended.
    if (this.task === task) this.task = '';
    this.editSession(() => undefined);
    this.warmUp.ran();
    await this.library
      .saveFiles(session.id, session.history.length, await this.files.collect())
      .catch(
        (error: Error) => (this.notice = { kind: 'error', text: `The files could not be kept: ${error.message}` }),
      );
    await Promise.all([
      this.library.refresh(),
      this.files.refreshFiles(),
      this.refreshTasks(),
      this.files.refreshCheckpoints(session.id),
    ]);
  }

  private onEvent(session: Session, event: HarnessEvent): void {
    if (event.type === 'history.appended' && event.sessionId === session.id)
      this.library.setCount(session.id, session.history.length, session.title);
    if (event.type === 'history.appended' && event.item.kind === 'tool') void this.files.refreshFiles();
    if (event.type === 'tool.finished' && event.tool.endsWith('_task')) void this.refreshTasks();
  }

  stop(): void {
    this.stepGate.stop();
    this.runs.stop();
  }

  async refreshTasks(): Promise<void> {
    if (!this.session) return;
    const session = this.session;
    await this.attempt('The task board could not be read', async () => {
      this.tasks = await this.boardOf(session).list();
    });
  }

  renameSession(id: string, title: string): Promise<void> {
    return renameSession(this, id, title);
  }
  deleteSession(id: string): Promise<void> {
    return deleteSession(this, id);
  }
  resetSession(): Promise<void> {
    return resetSession(this);
  }
  setSectionOverride(name: string, template: string | undefined): Promise<void> {
    return setSectionOverride(this, name, template);
  }
  importTrajectory(trajectory: Trajectory): Promise<void> {
    return importTrajectory(this, trajectory);
  }
  /** A zip or a folder becomes a new session; a memory file in it is reviewed first (T7). */
  async openImportedFiles(title: string, files: Record<string, string>): Promise<void> {
    if (this.runs.running) throw new Error('A run is going on: stop it before importing files into a new session.');
    const review = reviewFiles(title, files, (chosen) => this.newSession(undefined, chosen));
    if (review.needsConfirmation) this.importReview = review;
    else await review.finish(true);
  }

  finishImport(review: ImportReview | FilesReview, useExtras: boolean): Promise<void> {
    return finishImport(this, review, useExtras);
  }
  restoreCheckpoint(oid: string): Promise<void> {
    return restoreCheckpoint(this, oid);
  }

  /** Runs a page action; a failure becomes the notice the person sees, never an unhandled rejection. */
  attempt(failure: string, action: () => Promise<void>): Promise<void> {
    return attempt(this, failure, action);
  }

  /** The editor's save: the file, then the session's copy of the files (W6). */
  async writeFile(path: string, content: string): Promise<void> {
    await this.files.writeFile(path, content);
    if (this.session)
      await this.library.saveFiles(this.session.id, this.session.history.length, await this.files.collect());
  }
}
