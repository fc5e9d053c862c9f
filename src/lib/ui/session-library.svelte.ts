/**
 * S4 in the page: the list of sessions and everything done to a session as a whole — open,
 * create, rename, delete (with its children), import, export, reset. Store errors are shown,
 * never swallowed; capabilities (snapshots, renaming) are asked for by type.
 */
import { defaultTitle } from '../harness/session';
import type { HarnessEvent } from '../harness/events';
import type { SessionStore } from '../harness/ports';
import type { Session, SessionSummary } from '../harness/session';
import { resetSession } from '../harness/session';
import type { FileMap } from '../workspace/workspace-files';
import { appendEventsInBatches, canRename, hasSnapshots, keptSnapshots } from '../store/store-capabilities';
import { snapshotsKept } from '../store/file-trail';
import { exportTrajectory } from '../store/session-export';
import { keepCopies } from './deleted-sessions';
import type { Kept } from './deleted-sessions';
import type { Trajectory } from '../store/session-export';
import { MemorySessionStore } from '../store/memory-session-store';

export interface OpenedSession {
  session: Session;
  events: HarnessEvent[];
  files?: FileMap;
}

/**
 * Bounded growth: the first snapshot and this many of the newest are kept per session. Replay and
 * forks show a step's files only while a snapshot for it is kept; older steps say so.
 */

export class SessionLibrary {
  sessions = $state.raw<SessionSummary[]>([]);
  /** The last store error of a list refresh or an action, for the person to see. */
  problem = $state<string | undefined>(undefined);

  constructor(public store: SessionStore = new MemorySessionStore()) {}

  async refresh(): Promise<void> {
    try {
      this.sessions = await this.store.list();
      this.problem = undefined;
    } catch (error) {
      this.problem = `The session list could not be read: ${(error as Error).message}`;
    }
  }

  /** Updates one summary's item count in place during a run (no store read per item). */
  setCount(id: string, items: number, title?: string): void {
    if (!this.sessions.some((summary) => summary.id === id)) return;
    this.sessions = this.sessions.map((summary) =>
      summary.id === id ? { ...summary, items, updatedAt: Date.now(), ...(title ? { title } : {}) } : summary,
    );
  }

  /** A fresh, untouched session ("New session", nothing in it) worth reusing instead of adding another. */
  untouched(): SessionSummary | undefined {
    return this.sessions.find((summary) => !summary.parentId && summary.items === 0 && summary.title === defaultTitle);
  }

  childrenOf(id: string): SessionSummary[] {
    return this.sessions.filter((summary) => summary.parentId === id);
  }

  async open(id: string): Promise<OpenedSession> {
    const session = await this.store.load(id);
    if (!session) throw new Error(`Session ${id} is gone (deleted in another tab?).`);
    const [events, snapshot] = await Promise.all([
      this.store.loadEvents(id),
      hasSnapshots(this.store) ? this.store.latestSnapshot(id) : undefined,
    ]);
    return { session, events, ...(snapshot ? { files: snapshot.files } : {}) };
  }

  async create(session: Session, files: FileMap): Promise<void> {
    await this.store.saveSession(session);
    if (hasSnapshots(this.store)) await this.store.saveSnapshot(session.id, 0, files);
  }

  async saveFiles(sessionId: string, step: number, files: FileMap): Promise<void> {
    if (!hasSnapshots(this.store)) return;
    await this.store.saveSnapshot(sessionId, step, files);
    await this.store.pruneSnapshots(sessionId, snapshotsKept);
  }

  async filesAt(sessionId: string, step: number): Promise<FileMap | undefined> {
    return (await this.snapshotAt(sessionId, step))?.files;
  }

  /** The newest kept snapshot at or before `items` history items, with the point it was taken at. */
  async snapshotAt(sessionId: string, items: number): Promise<{ step: number; files: FileMap } | undefined> {
    if (!hasSnapshots(this.store)) return undefined;
    const found = await this.store.snapshotAt(sessionId, items);
    return found ? { step: found.step, files: found.files } : undefined;
  }

  async rename(id: string, title: string): Promise<void> {
    const trimmed = title.trim();
    if (!trimmed) return;
    if (canRename(this.store)) await this.store.rename(id, trimmed);
    else {
      const stored = await this.store.load(id);
      if (stored) await this.store.saveMeta({ ...stored, title: trimmed });
    }
  }

  /** Deletes a session with every child (delegated helpers, at any depth); returns what was deleted. */
  async remove(id: string): Promise<string[]> {
    return (await this.removeKeepingCopies(id, false)).deleted;
  }

  /** As `remove`, with a copy of what was deleted (parents first) for Undo (S4). */
  async removeKeepingCopies(id: string, keep = true): Promise<{ deleted: string[]; kept: Kept[] }> {
    const all = await this.store.list();
    const doomed = [id];
    for (let index = 0; index < doomed.length; index++)
      doomed.push(...all.filter((summary) => summary.parentId === doomed[index]).map((summary) => summary.id));
    const kept = keep ? await keepCopies(this.store, doomed) : [];
    const deleted = [...doomed].reverse();
    for (const target of deleted) await this.store.delete(target);
    return { deleted, kept };
  }

  /**
   * S4: history, memory, events and kept files of the history go; the files as they are now
   * become the session's starting files, so a reload shows the reset session with its files.
   */
  async reset(session: Session, files: FileMap): Promise<Session> {
    const cleared = resetSession(session);
    await this.store.saveSession(cleared);
    if (hasSnapshots(this.store)) await this.store.saveSnapshot(cleared.id, 0, files);
    return cleared;
  }

  /**
   * S4: an import arrives whole — items, events, files and outcome — under a new id when that id
   * is taken here. T7 has been applied by the caller (settings and confirmations).
   */
  async importSession(trajectory: Trajectory): Promise<Session> {
    const taken = await this.store.load(trajectory.session.id);
    const id = taken ? `${trajectory.session.id}-imported-${Date.now().toString(36)}` : trajectory.session.id;
    const session: Session = {
      ...trajectory.session,
      id,
      ...(taken ? { title: `${trajectory.session.title} (imported)` } : {}),
    };
    await this.store.saveSession(session);
    const events = trajectory.events.map(
      (event) =>
        ({ ...event, sessionId: event.sessionId === trajectory.session.id ? id : event.sessionId }) as HarnessEvent,
    );
    await appendEventsInBatches(this.store, id, events);
    if (hasSnapshots(this.store)) {
      for (const snapshot of trajectory.snapshots ?? [])
        if (snapshot.step < session.history.length) await this.store.saveSnapshot(id, snapshot.step, snapshot.files);
      await this.store.saveSnapshot(id, session.history.length, trajectory.files);
    }
    return session;
  }

  async exportSession(
    id: string,
    extra: { files: FileMap; tasks: Trajectory['tasks']; prompt?: Trajectory['prompt'] },
  ): Promise<string> {
    const session = await this.store.load(id);
    if (!session) throw new Error(`Session ${id} is gone.`);
    const files = Object.keys(extra.files).length
      ? extra.files
      : ((await this.filesAt(id, Number.MAX_SAFE_INTEGER)) ?? {});
    // The end's files travel as `files`: only the earlier snapshots go beside them.
    const snapshots = await keptSnapshots(this.store, id, session.history.length);
    return exportTrajectory({
      session,
      events: await this.store.loadEvents(id),
      tasks: extra.tasks,
      files,
      ...(extra.prompt ? { prompt: extra.prompt } : {}),
      ...(snapshots.length ? { snapshots } : {}),
    });
  }
}
