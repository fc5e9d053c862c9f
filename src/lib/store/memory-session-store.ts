/** A SessionStore in memory: for tests, the demo, and anywhere nothing must outlive the page. */
import type { HarnessEvent } from '../harness/events';
import type { SessionStore } from '../harness/ports';
import type { HistoryItem, Session, SessionMeta, SessionSummary } from '../harness/session';
import { summarize } from '../harness/session';
import type { FileMap } from '../workspace/workspace-files';
import type { RenameCapable, SnapshotCapable } from './store-capabilities';

/** Copies on the way in and out, so that callers can never share state with the store. */
const copy = <T>(value: T): T => structuredClone(value);

export class MemorySessionStore implements SessionStore, SnapshotCapable, RenameCapable {
  private readonly snapshots = new Map<string, { step: number; at: number; files: FileMap }[]>();
  private readonly metas = new Map<string, SessionMeta>();
  private readonly items = new Map<string, HistoryItem[]>();
  private readonly events = new Map<string, HarnessEvent[]>();

  async saveSession(session: Session): Promise<void> {
    const { history, ...meta } = copy(session);
    this.metas.set(session.id, meta);
    this.items.set(session.id, history);
    this.events.delete(session.id);
    this.snapshots.delete(session.id);
  }

  async saveMeta(meta: SessionMeta): Promise<void> {
    this.metas.set(meta.id, copy(meta));
    if (!this.items.has(meta.id)) this.items.set(meta.id, []);
  }

  async appendItem(sessionId: string, item: HistoryItem): Promise<void> {
    const items = this.items.get(sessionId);
    if (!items) throw new Error(`unknown session ${sessionId}`);
    if (items.length > 0 && items[items.length - 1].seq >= item.seq)
      throw new Error(`item ${item.seq} of session ${sessionId} is already stored or out of order`);
    items.push(copy(item));
  }

  async replaceItem(sessionId: string, item: HistoryItem): Promise<void> {
    const items = this.items.get(sessionId);
    const at = items?.findIndex((entry) => entry.seq === item.seq) ?? -1;
    if (!items || at === -1) throw new Error(`item ${item.seq} of session ${sessionId} is not stored`);
    items[at] = copy(item);
  }

  async appendEvents(sessionId: string, events: HarnessEvent[]): Promise<void> {
    const list = this.events.get(sessionId) ?? [];
    list.push(...copy(events));
    this.events.set(sessionId, list);
  }

  async load(sessionId: string): Promise<Session | null> {
    const meta = this.metas.get(sessionId);
    if (!meta) return null;
    return { ...copy(meta), history: copy(this.items.get(sessionId) ?? []) };
  }

  async loadEvents(sessionId: string): Promise<HarnessEvent[]> {
    return copy(this.events.get(sessionId) ?? []);
  }

  async list(): Promise<SessionSummary[]> {
    const sessions = [...this.metas.values()].map((meta) =>
      summarize({ ...meta, history: this.items.get(meta.id) ?? [] }),
    );
    return sessions.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async delete(sessionId: string): Promise<void> {
    this.metas.delete(sessionId);
    this.items.delete(sessionId);
    this.events.delete(sessionId);
    this.snapshots.delete(sessionId);
  }

  async rename(sessionId: string, title: string): Promise<void> {
    const meta = this.metas.get(sessionId);
    if (!meta) throw new Error(`no session ${sessionId}`);
    this.metas.set(sessionId, { ...meta, title: title.trim() || meta.title, updatedAt: Date.now() });
  }

  async saveSnapshot(sessionId: string, step: number, files: FileMap): Promise<void> {
    const list = (this.snapshots.get(sessionId) ?? []).filter((entry) => entry.step !== step);
    list.push({ step, at: Date.now(), files: copy(files) });
    this.snapshots.set(
      sessionId,
      list.sort((a, b) => a.step - b.step),
    );
  }

  async snapshotAt(sessionId: string, step: number) {
    return copy((this.snapshots.get(sessionId) ?? []).filter((entry) => entry.step <= step).at(-1));
  }

  async latestSnapshot(sessionId: string) {
    return copy(this.snapshots.get(sessionId)?.at(-1));
  }

  async listSnapshots(sessionId: string) {
    return (this.snapshots.get(sessionId) ?? []).map(({ step, at }) => ({ step, at }));
  }

  async pruneSnapshots(sessionId: string, keepLatest: number): Promise<void> {
    const list = this.snapshots.get(sessionId) ?? [];
    if (list.length > keepLatest + 1) this.snapshots.set(sessionId, [list[0], ...list.slice(list.length - keepLatest)]);
  }
}
