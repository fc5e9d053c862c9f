/**
 * The page's state over the core interfaces (DESIGN rule 6): the current session, its agent,
 * workspace and transcript, the session list, settings and storage. Components read these
 * fields and call these methods; nothing else talks to the harness.
 */
import { Agent } from '../harness/agent';
import type { HarnessEvent } from '../harness/events';
import type { ModelClient, SessionStore, Workspace } from '../harness/ports';
import type { Session, SessionSummary } from '../harness/session';
import { createSession, sessionMeta } from '../harness/session';
import type { AgentSettings } from '../harness/settings';
import { defaultSettings } from '../harness/settings';
import type { Task, TaskStore } from '../harness/tasks/task-types';
import { MemoryTaskStore } from '../harness/tasks/task-types';
import { ScriptedModelClient } from '../model/scripted-model-client';
import { MemorySessionStore } from '../store/memory-session-store';
import { IndexedDbSessionStore } from '../store/indexeddb-session-store';
import { IndexedDbTaskStore } from '../store/indexeddb-task-store';
import { openHarnessDatabase } from '../store/harness-database';
import type { HarnessDatabase } from '../store/harness-database';
import { SnapshotRecorder } from '../store/snapshot-recorder';
import { collectFiles, listFiles, restoreFiles } from '../workspace/workspace-files';
import type { FileMap } from '../workspace/workspace-files';
import { findSample } from '../workspace/samples/sample-projects';
import { ConnectionState } from './connection-state.svelte';
import { UiApprover } from './ui-approver.svelte';
import { TranscriptModel } from './transcript-model';
import type { StepStats, TranscriptEntry } from './transcript-model';
import type { PlaygroundSettings } from './playground-settings';
import { applyUrlParameters, defaultPlaygroundSettings, demoModelName } from './playground-settings';
import { demoFiles, demoScript, demoTask } from './demo-session';
import type { Checkpoint, CheckpointDiff, Checkpoints } from '../workspace/git/checkpoints';
import type { AnyTool } from '../harness/tools/tool-definition';
import { WorkspaceFactory } from './workspace-factory.svelte';
import { tabId } from './tab-id';

export interface PromptSection {
  name: string;
  text: string;
  edited: boolean;
}

const workspaceId = 'browser-workspace';

export class Playground {
  settings = $state<PlaygroundSettings>(defaultPlaygroundSettings());
  readonly connection: ConnectionState;
  readonly approver = new UiApprover();
  sessions = $state.raw<SessionSummary[]>([]);
  session = $state.raw<Session | undefined>(undefined);
  transcript = $state.raw<TranscriptEntry[]>([]);
  steps = $state.raw<StepStats[]>([]);
  rawOutput = $state('');
  prefix = $state.raw<PromptSection[]>([]);
  files = $state.raw<string[]>([]);
  tasks = $state.raw<Task[]>([]);
  running = $state(false);
  /** True while a session is being made or opened: nothing may run against a half-made one. */
  loading = $state(false);
  interrupted = $state(false);
  task = $state('');
  notice = $state<{ kind: 'error' | 'info'; text: string } | undefined>(undefined);
  storageProblem = $state<string | undefined>(undefined);
  readonly factory = new WorkspaceFactory();
  checkpoints = $state.raw<Checkpoint[]>([]);
  /** Bumped whenever workspace files may have changed, so that open editors can reload. */
  filesVersion = $state(0);

  private database: HarnessDatabase | undefined;
  private store: SessionStore = new MemorySessionStore();
  private taskStore: TaskStore = new MemoryTaskStore();
  private workspace: Workspace | undefined;
  private agent: Agent | undefined;
  private model: TranscriptModel | undefined;
  private controller: AbortController | undefined;
  private snapshots: SnapshotRecorder | undefined;
  private checkpointStore: Checkpoints | undefined;
  private gitToolset: AnyTool[] = [];

  constructor(readonly origin: string) {
    this.connection = new ConnectionState(origin);
  }

  /** Makes a session's workspace (offline shell or WebContainer) with its git tools. */
  private async makeWorkspace(files: FileMap = {}): Promise<Workspace> {
    const made = await this.factory.make(files);
    this.checkpointStore = made.checkpoints;
    this.gitToolset = made.tools;
    return made.workspace;
  }

  private get current(): Workspace {
    if (!this.workspace) throw new Error('the workspace is still loading');
    return this.workspace;
  }

  get isDemo(): boolean {
    return !this.settings.model;
  }

  get modelLabel(): string {
    return this.settings.model || demoModelName;
  }

  async init(search: string): Promise<void> {
    try {
      this.database = await openHarnessDatabase({ onVersionChange: (message) => (this.storageProblem = message) });
      this.store = new IndexedDbSessionStore(this.database, { owner: tabId() });
      this.taskStore = new IndexedDbTaskStore(this.database, workspaceId);
      const saved = (await this.database.get('settings', 'playground'))?.value as Partial<PlaygroundSettings> | undefined;
      if (saved) this.settings = { ...defaultPlaygroundSettings(), ...saved };
    } catch (error) {
      this.storageProblem = `${(error as Error).message} Sessions will last only until this tab closes.`;
    }
    const { settings, ignored } = applyUrlParameters(this.settings, search);
    this.settings = settings;
    if (ignored.length) this.notice = { kind: 'info', text: `Ignored URL parameters: ${ignored.join(', ')}` };
    this.factory.start(this.settings.workspace);
    await this.refreshSessions();
    const fromUrl = new URLSearchParams(search).has('sample');
    const latest = this.sessions.find((summary) => !summary.parentId);
    if (latest && !fromUrl) await this.openSession(latest.id);
    else await this.newSession(this.settings.sample, undefined, { demo: this.isDemo && !fromUrl });
    if (!this.isDemo) void this.connection.check(this.settings.host, this.settings.model);
  }

  async saveSettings(): Promise<void> {
    try {
      await this.database?.put('settings', { key: 'playground', value: $state.snapshot(this.settings) });
    } catch (error) {
      this.storageProblem = (error as Error).message;
    }
  }

  agentSettings(base?: AgentSettings): AgentSettings {
    const s = this.settings;
    return defaultSettings({
      ...(base ?? {}),
      protocol: this.isDemo ? 'text' : s.protocol,
      toolProfile: s.toolProfile,
      approval: s.approval,
      readOnly: s.readOnly,
      limits: { ...s.limits },
      options: { ...s.options },
      sectionOverrides: base?.sectionOverrides ?? {},
    });
  }

  private modelClient(): ModelClient {
    if (this.isDemo) return new ScriptedModelClient(demoScript.map((reply) => ({ ...reply, delayMs: 250, chunkSize: 6 })));
    return this.connection.client(this.settings.host);
  }

  private buildAgent(session: Session): Agent {
    return new Agent({
      model: this.modelClient(),
      modelName: session.model,
      workspace: this.current,
      store: this.store,
      tasks: this.taskStore,
      extraTools: this.gitToolset,
      workspaceChoice: { reason: this.factory.backend.reason },
      approver: this.approver,
      settings: session.settings,
      session,
      retryPolicy: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 32000, overloadsBeforeFallback: 3, maxNumPredict: 8192, maxContinuations: 2, ...(this.settings.fallbackModel ? { fallbackModel: this.settings.fallbackModel } : {}) },
      onEvent: (event) => this.onEvent(event),
      afterStep: async (info) => {
        // One read of the files serves both the snapshot (W6) and the checkpoint.
        const files = info.changedFiles ? await collectFiles(this.current) : undefined;
        await this.snapshots?.afterStep(info, files);
        if (files) await this.checkpoint(session.id, info.step, files);
      },
    });
  }

  private onEvent(event: HarnessEvent): void {
    this.snapshots?.observe(event);
    if (event.type === 'prompt.assembled' && event.prefix && event.sessionId === this.session?.id) this.prefix = event.prefix;
    if (event.type === 'history.appended' && event.item.kind === 'tool') void this.refreshFiles();
    if (event.type === 'tool.finished' && event.tool.endsWith('_task')) void this.refreshTasks();
    if (this.model?.apply(event)) this.transcript = this.model.view();
    if (this.model && (event.type === 'response.done' || event.type === 'parse.result' || event.type === 'validation' || event.type === 'prompt.assembled')) {
      this.steps = this.model.stepsView();
      this.rawOutput = this.model.rawOutput;
    }
  }

  private attach(session: Session): void {
    this.session = session;
    this.agent = this.buildAgent(session);
    this.model = new TranscriptModel(session.id);
    this.snapshots = this.store instanceof IndexedDbSessionStore ? new SnapshotRecorder({ store: this.store, workspace: this.current, sessionId: session.id, onError: (text) => (this.notice = { kind: 'error', text }) }) : undefined;
    this.transcript = [];
    this.steps = [];
    this.rawOutput = '';
    this.prefix = [];
  }

  /** `demo`: the bundled demo project and task (for the scripted Demo model). */
  async newSession(sampleId = this.settings.sample, files?: FileMap, options: { demo?: boolean } = {}): Promise<void> {
    if (this.running || this.loading) return;
    this.loading = true;
    try {
      await this.makeSession(sampleId, files, options.demo ?? false);
    } finally {
      this.loading = false;
    }
  }

  private async makeSession(sampleId: string, files: FileMap | undefined, demo: boolean): Promise<void> {
    const sample = findSample(sampleId);
    const useDemo = demo && !files;
    this.workspace = await this.makeWorkspace(files ?? (useDemo ? demoFiles : (sample?.files ?? {})));
    const description = this.workspace.describe();
    const session = createSession({ model: this.modelLabel, settings: this.agentSettings(), workspace: { backend: description.backend, label: description.label } });
    this.attach(session);
    this.interrupted = false;
    this.task = useDemo ? demoTask : (sample?.task ?? '');
    await this.store.saveSession(session).catch((error: Error) => (this.notice = { kind: 'error', text: error.message }));
    if (this.store instanceof IndexedDbSessionStore) {
      await this.store.saveSnapshot(session.id, 0, files ?? (await collectFiles(this.workspace))).catch((error: Error) => (this.notice = { kind: 'error', text: error.message }));
    }
    await Promise.all([this.refreshSessions(), this.refreshFiles(), this.refreshTasks(), this.refreshCheckpoints()]);
  }

  async openSession(id: string): Promise<void> {
    if (this.running || this.loading) return;
    this.loading = true;
    try {
      const session = await this.store.load(id);
      if (!session) throw new Error(`Session ${id} is gone.`);
      const snapshot = this.store instanceof IndexedDbSessionStore ? await this.store.latestSnapshot(id) : undefined;
      this.workspace = await this.makeWorkspace();
      if (snapshot) await restoreFiles(this.workspace, snapshot.files);
      this.attach(session);
      const events = await this.store.loadEvents(id);
      for (const event of events) this.onEvent(event);
      const lastStart = events.findLastIndex((event) => event.type === 'run.started' && event.sessionId === id);
      const lastEnd = events.findLastIndex((event) => event.type === 'run.finished' && event.sessionId === id);
      this.interrupted = session.history.length > 0 && (lastStart > lastEnd || (lastStart === -1 && lastEnd === -1));
      await Promise.all([this.refreshFiles(), this.refreshTasks(), this.refreshCheckpoints()]);
    } catch (error) {
      this.notice = { kind: 'error', text: (error as Error).message };
    } finally {
      this.loading = false;
    }
  }

  /** Runs the task (or, with an empty task on an interrupted session, resumes it). */
  async run(task = this.task): Promise<void> {
    if (this.running || this.loading || !this.session || !this.agent) return;
    if (!task.trim() && !this.interrupted) return;
    const session = this.session;
    session.settings = this.agentSettings(session.settings);
    if (session.model !== this.modelLabel) {
      session.model = this.modelLabel;
      this.agent = this.buildAgent(session);
    }
    this.controller = new AbortController();
    this.running = true;
    this.notice = undefined;
    try {
      if (this.store instanceof IndexedDbSessionStore) await this.store.acquire(session.id);
      const lease = this.store instanceof IndexedDbSessionStore ? setInterval(() => void (this.store as IndexedDbSessionStore).acquire(session.id).catch(() => undefined), 5000) : undefined;
      try {
        const result = await this.agent.run(task.trim(), { signal: this.controller.signal });
        if (result.outcome.kind === 'error') this.notice = { kind: 'error', text: result.outcome.error.message };
        this.task = '';
        this.interrupted = false;
      } finally {
        if (lease) clearInterval(lease);
        await this.snapshots?.settled();
        if (this.store instanceof IndexedDbSessionStore) await this.store.release(session.id).catch(() => undefined);
      }
    } catch (error) {
      this.notice = { kind: 'error', text: (error as Error).message };
    } finally {
      this.running = false;
      this.controller = undefined;
      await Promise.all([this.refreshSessions(), this.refreshFiles(), this.refreshTasks()]);
    }
  }

  stop(): void {
    this.controller?.abort();
  }

  private async checkpoint(sessionId: string, step: number, files: FileMap): Promise<void> {
    try {
      await this.checkpointStore?.create(sessionId, step, undefined, files);
      await this.refreshCheckpoints();
    } catch (error) {
      this.notice = { kind: 'error', text: `Could not make a checkpoint: ${(error as Error).message}` };
    }
  }

  async refreshCheckpoints(): Promise<void> {
    this.checkpoints = this.session && this.checkpointStore ? await this.checkpointStore.list(this.session.id).catch(() => []) : [];
  }

  diffCheckpoints(from: string, to: string): Promise<CheckpointDiff[]> {
    if (!this.checkpointStore) return Promise.resolve([]);
    return this.checkpointStore.diff(from, to);
  }

  /** Restores a checkpoint; the current files are checkpointed first, so this can be undone. */
  async restoreCheckpoint(oid: string): Promise<void> {
    if (!this.session || !this.checkpointStore || this.running) return;
    try {
      await this.checkpointStore.restore(this.session.id, oid, this.session.history.length);
      await Promise.all([this.refreshCheckpoints(), this.refreshFiles()]);
      if (this.store instanceof IndexedDbSessionStore) await this.store.saveSnapshot(this.session.id, this.session.history.length, await collectFiles(this.current));
      this.notice = { kind: 'info', text: `Restored checkpoint ${oid.slice(0, 7)}; the files before it are the newest checkpoint, to undo.` };
    } catch (error) {
      this.notice = { kind: 'error', text: `Could not restore: ${(error as Error).message}` };
    }
  }

  async refreshSessions(): Promise<void> {
    this.sessions = await this.store.list().catch(() => []);
  }

  async refreshFiles(): Promise<void> {
    if (!this.workspace) return;
    this.files = (await listFiles(this.workspace).catch(() => [] as string[])).sort();
    this.filesVersion++;
  }

  async refreshTasks(): Promise<void> {
    this.tasks = await this.taskStore.list().catch(() => []);
  }

  readFile(path: string): Promise<string> {
    return this.current.readFile(path);
  }

  async writeFile(path: string, content: string): Promise<void> {
    await this.current.writeFile(path, content);
    await this.refreshFiles();
    if (this.session && this.store instanceof IndexedDbSessionStore) await this.store.saveSnapshot(this.session.id, this.session.history.length, await collectFiles(this.current));
  }

  exec(command: string, signal?: AbortSignal) {
    return this.current.exec(command, { signal, timeoutMs: 60_000 });
  }

  workspaceFiles(): Promise<FileMap> {
    return collectFiles(this.current);
  }

  eventsOf(id: string) {
    return this.store.loadEvents(id);
  }

  async loadSession(id: string) {
    return this.store.load(id);
  }

  async renameSession(id: string, title: string): Promise<void> {
    if (this.store instanceof IndexedDbSessionStore) await this.store.rename(id, title);
    else {
      const session = await this.store.load(id);
      if (session) await this.store.saveMeta({ ...session, title });
    }
    if (this.session?.id === id) this.session = { ...this.session, title } as Session;
    await this.refreshSessions();
  }

  async deleteSession(id: string): Promise<void> {
    try {
      await this.store.delete(id);
      await this.refreshSessions();
      if (this.session?.id === id) await this.newSession();
    } catch (error) {
      this.notice = { kind: 'error', text: (error as Error).message };
    }
  }

  /** P4: edits a section template for this session; the next request uses it. */
  async setSectionOverride(name: string, template: string | undefined): Promise<void> {
    if (!this.session) return;
    const overrides = { ...this.session.settings.sectionOverrides };
    if (template === undefined) delete overrides[name];
    else overrides[name] = template;
    this.session.settings = { ...this.session.settings, sectionOverrides: overrides };
    await this.store.saveMeta(sessionMeta(this.session)).catch((error: Error) => (this.notice = { kind: 'error', text: error.message }));
  }

  async importSession(session: Session, files: FileMap): Promise<void> {
    const existing = await this.store.load(session.id);
    const imported = existing ? { ...session, id: `${session.id}-imported-${Date.now().toString(36)}` } : session;
    await this.store.saveSession(imported);
    if (this.store instanceof IndexedDbSessionStore) await this.store.saveSnapshot(imported.id, imported.history.length, files);
    await this.refreshSessions();
    await this.openSession(imported.id);
  }
}
