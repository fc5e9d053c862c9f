/**
 * U3 in the page: replay any stored or imported session step by step with no server (the
 * transcript, files, inspector and slot view all show that step), fork a new live session at any
 * step, and play the bundled lessons with a note per step.
 */
import type { HarnessEvent } from '../../harness/events';
import type { PinnedPrompt, Session } from '../../harness/session';
import { createSession } from '../../harness/session';
import { TranscriptModel, itemsBeforeEvents } from '../transcript-model';
import type { StepStats, TranscriptEntry } from '../transcript-model';
import type { TeachingStep } from './step-index';
import { teachingSteps } from './step-index';
import type { Lesson } from './lessons';
import type { Trajectory } from '../../store/session-export';
import { snapshotsKept } from '../../store/file-trail';

export interface ReplayView {
  transcript: TranscriptEntry[];
  steps: StepStats[];
  /** Whether the Files panel shows this step's files, or why not. */
  files: FilesShown;
}

export type FilesShown = { kind: 'exact' } | { kind: 'unknown'; why: string };
type Snapshot = { step: number; files: Record<string, string> };

/** The parts of the page replay needs; the Playground passes itself. */
export interface TeachingHost {
  session(): Session | undefined;
  events(): HarnessEvent[];
  snapshotAt(sessionId: string, items: number): Promise<Snapshot | undefined>;
  showFiles(files: Record<string, string>): Promise<void>;
  /** Stores the workspace's current files as the session's newest snapshot. */
  keepFiles(): Promise<void>;
  restoreFiles(): Promise<void>;
  createFork(session: Session, files: Record<string, string>, exactFiles: boolean): Promise<void>;
  running(): boolean;
  open(sessionId: string): Promise<void>;
  /** Stores a trajectory as a session (replacing an earlier copy of it); returns its id. */
  importSession(trajectory: Trajectory): Promise<string>;
}

export class TeachingState {
  /** The step being replayed (1-based); undefined when the session is live. */
  replayStep = $state<number | undefined>(undefined);
  view = $state.raw<ReplayView | undefined>(undefined);
  lesson = $state.raw<Lesson | undefined>(undefined);
  /** Counts changes to the teacher's own lessons made outside the Lessons view (a reworded note). */
  lessonsVersion = $state(0);
  /** The step the slot and cache views look at when not replaying (undefined: the newest). */
  chosenStep = $state<number | undefined>(undefined);
  problem = $state<string | undefined>(undefined);

  constructor(private readonly host: TeachingHost) {}

  steps(): TeachingStep[] {
    const session = this.host.session();
    return session ? teachingSteps(this.host.events(), session.id) : [];
  }

  get replaying(): boolean {
    return this.replayStep !== undefined;
  }

  /** The step the teaching views show: the replayed one, the chosen one, or the newest. */
  current(): TeachingStep | undefined {
    const steps = this.steps();
    const number = this.shownNumber(steps.length);
    return number ? steps[number - 1] : undefined;
  }

  /** The 1-based number of that step (0: none), given how many steps there are. A step chosen in
   * a longer session that is no longer open falls back to the newest step of this one. */
  shownNumber(count = this.steps().length): number {
    return Math.min(this.replayStep ?? this.chosenStep ?? count, count);
  }

  async startReplay(lesson?: Lesson): Promise<void> {
    this.lesson = lesson;
    this.problem = undefined;
    if (this.steps().length === 0) {
      this.problem = 'This session has no recorded steps to replay.';
      return;
    }
    // Replay shows older files in the workspace: keep the current ones first, so Exit restores them.
    if (!this.replaying) await this.host.keepFiles();
    await this.go(1);
  }

  /** Opens a stored session and replays it from its first step (no server needed). */
  async replaySession(id: string): Promise<void> {
    if (this.host.running()) return;
    if (this.host.session()?.id !== id) await this.host.open(id);
    if (this.host.session()?.id === id) await this.startReplay();
  }

  /** Opens a bundled lesson as a session (fresh each time) and replays it from step 1. */
  async openLesson(lesson: Lesson): Promise<void> {
    if (this.host.running()) return;
    const { lessonSession } = await import('./lessons');
    const id = await this.host.importSession(lesson.teacher?.trajectory ?? (await lessonSession(lesson.id)));
    await this.host.open(id);
    if (this.host.session()?.id === id) await this.startReplay(lesson);
  }

  /** Shows step `number`: events up to the next step's request, and the files kept at that point. */
  async go(number: number): Promise<void> {
    const session = this.host.session();
    const steps = this.steps();
    if (!session || steps.length === 0) return;
    const step = Math.max(1, Math.min(steps.length, number));
    this.replayStep = step;
    const events = this.host.events();
    const next = steps[step];
    const cut = next ? next.eventIndex : events.length;
    const model = new TranscriptModel(session.id);
    model.ensureItems(itemsBeforeEvents(session.history, events, session.id), session.forkOf ? 'inherited' : 'history');
    for (const event of events.slice(0, cut)) model.apply(event);
    // The files as they were when this step's reply and tools had run: just before the next step.
    const items = next ? next.itemsBefore : session.history.length;
    const changedAt = next ? next.filesChangedAt : Number.MAX_SAFE_INTEGER;
    const snapshot = await this.host.snapshotAt(session.id, items).catch(() => undefined);
    const files = exactFiles(snapshot, next ? changedAt : 0, !next);
    this.view = {
      transcript: model.view(),
      steps: model.stepsView(),
      files: files
        ? { kind: 'exact' }
        : {
            kind: 'unknown',
            why: snapshot
              ? `the snapshot of this step was pruned (the newest ${snapshotsKept} are kept)`
              : 'no snapshot of the files was kept for this step (an import keeps only its final files)',
          },
    };
    if (files) await this.host.showFiles(files);
  }

  async exit(): Promise<void> {
    this.replayStep = undefined;
    this.view = undefined;
    this.lesson = undefined;
    await this.host.restoreFiles();
  }

  /**
   * U3: a new live session that continues from step `number`: the same history and files as when
   * that step's request was about to be sent, so another model (or prompt) answers it.
   */
  async fork(number: number): Promise<void> {
    const session = this.host.session();
    const step = this.steps()[number - 1];
    if (!session || !step) return;
    const history = session.history.slice(0, step.itemsBefore).map((item) => structuredClone(item));
    const snapshot = await this.host.snapshotAt(session.id, step.itemsBefore).catch(() => undefined);
    const exact = exactFiles(snapshot, step.filesChangedAt, false);
    // Without this step's files the fork starts from the newest kept ones, and says so.
    const files =
      exact ?? (await this.host.snapshotAt(session.id, Number.MAX_SAFE_INTEGER).catch(() => undefined))?.files ?? {};
    const fork = createSession({
      model: session.model,
      settings: structuredClone(session.settings),
      workspace: { ...session.workspace },
      title: `fork of “${session.title}” at step ${number}`,
    });
    fork.history = history;
    fork.memory = step.memory ? structuredClone(step.memory) : { task: session.memory.task, files: [], notes: [] };
    fork.forkOf = { sessionId: session.id, step: number };
    const pinned = pinnedFrom(step, session.settings.sectionOverrides);
    if (pinned) {
      fork.pinned = pinned;
      // The protocol the parent used at that step, not "auto" (which could pick another for another model).
      fork.settings.protocol = pinned.protocol;
    }
    this.replayStep = undefined;
    this.view = undefined;
    this.lesson = undefined;
    await this.host.createFork(fork, files, exact !== undefined);
  }
}

/** What the parent sent at a step, for the fork to send again (U3: like with like). */
function pinnedFrom(step: TeachingStep, overrides: Record<string, string>): PinnedPrompt | undefined {
  const system = step.request?.messages[0];
  if (!step.protocol || !step.request || system?.role !== 'system') return undefined;
  // The sections as recorded, unless they do not make up the system message exactly.
  const whole = step.sections.map((section) => section.text).join('\n\n') === system.content;
  const nativeTools = step.request.tools;
  const tools = step.tools ?? nativeTools?.map((tool) => tool.name);
  return {
    protocol: step.protocol,
    sections: whole
      ? step.sections.map(({ name, text }) => ({ name, text }))
      : [{ name: 'system', text: system.content }],
    overrides: structuredClone($state.snapshot(overrides)),
    ...(tools ? { tools: [...tools] } : {}),
    ...(nativeTools && step.protocol === 'native' ? { nativeTools: structuredClone(nativeTools) } : {}),
  };
}

/**
 * A snapshot shows a step's files when nothing may have changed them between the snapshot and the
 * step (`changedAt`: history items when they last may have changed). The last step always matches
 * the newest snapshot when there is one (`atEnd`).
 */
function exactFiles(
  snapshot: Snapshot | undefined,
  changedAt: number,
  atEnd: boolean,
): Record<string, string> | undefined {
  if (!snapshot) return undefined;
  return atEnd || snapshot.step >= changedAt ? snapshot.files : undefined;
}
