/**
 * The SessionStore in IndexedDB (S1, S2, S4, W6). One record per history item, so an append
 * writes that item only; every write resolves after its transaction completed (durable). A
 * lease per session keeps a second tab from writing into a session another tab is running.
 */
import { upgradeEvent, upgradeSession } from '../harness/model-options';
import type { HarnessEvent } from '../harness/events';
import type { ItemEditing, SessionStore } from '../harness/ports';
import type { LeaseCapable, RenameCapable, SnapshotCapable } from './store-capabilities';
import type { HistoryItem, Session, SessionMeta, SessionSummary } from '../harness/session';
import { summaryOf } from '../harness/session';
import type { HarnessDatabase, LockRecord, SnapshotRecord } from './harness-database';
import { StoreError, storeError } from './store-error';

const itemRange = (sessionId: string) => IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);

/**
 * Runs `work` inside a transaction and waits for the commit too: a browser reports a full disk
 * as an aborted transaction at commit time, not on the request, and a rejection of `done` that
 * nobody awaits would be lost.
 */
async function committed<T>(transaction: { done: Promise<void> }, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // The request's own error says more than the AbortError the transaction ends with.
    await transaction.done.catch(() => undefined);
    throw error;
  }
  await transaction.done;
  return result;
}

export interface IndexedDbStoreOptions {
  /** Who this tab is, for the single-writer lease. */
  owner?: string;
  /** How long a lease lives without renewal. */
  leaseMs?: number;
  now?: () => number;
}

export class IndexedDbSessionStore implements SessionStore, SnapshotCapable, LeaseCapable, RenameCapable, ItemEditing {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(
    readonly database: HarnessDatabase,
    options: IndexedDbStoreOptions = {},
  ) {
    this.owner = options.owner ?? `tab-${Math.random().toString(36).slice(2, 10)}`;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.now = options.now ?? Date.now;
  }

  private async guard<T>(doing: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw storeError(error, doing);
    }
  }

  private lockedBySomeoneElse(lock: LockRecord | undefined): boolean {
    return Boolean(lock && lock.owner !== this.owner && lock.expiresAt > this.now());
  }

  private lockedError(sessionId: string, lock: LockRecord): StoreError {
    const since = new Date(lock.since).toLocaleTimeString();
    return new StoreError(
      'locked',
      `Session ${sessionId} is open in another tab (since ${since}). ` +
        `Continue it there, or close that tab; this tab will not write to it.`,
    );
  }

  /** Takes (or renews) the single-writer lease of a session; rejects when another tab holds it. */
  async acquire(sessionId: string): Promise<void> {
    await this.guard(`locking session ${sessionId}`, async () => {
      const transaction = this.database.transaction('locks', 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.store.get(sessionId);
        // Throwing before any write lets the transaction commit empty: nothing changes.
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(sessionId, lock!);
        const now = this.now();
        await transaction.store.put({
          sessionId,
          owner: this.owner,
          since: lock?.owner === this.owner ? lock.since : now,
          expiresAt: now + this.leaseMs,
        });
      });
    });
  }

  async release(sessionId: string): Promise<void> {
    await this.guard(`unlocking session ${sessionId}`, async () => {
      const transaction = this.database.transaction('locks', 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.store.get(sessionId);
        if (lock?.owner === this.owner) await transaction.store.delete(sessionId);
      });
    });
  }

  async saveSession(session: Session): Promise<void> {
    await this.guard(`saving session ${session.id}`, async () => {
      const { history, ...meta } = session;
      const stores = ['sessions', 'items', 'events', 'snapshots', 'locks'] as const;
      const transaction = this.database.transaction([...stores], 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.objectStore('locks').get(session.id);
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(session.id, lock!);
        await transaction.objectStore('items').delete(itemRange(session.id));
        // The events and kept files of the history being replaced go with it (ports.ts).
        await transaction.objectStore('snapshots').delete(itemRange(session.id));
        let cursor = await transaction.objectStore('events').index('sessionId').openCursor(session.id);
        while (cursor) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
        await Promise.all([
          transaction.objectStore('sessions').put(meta),
          ...history.map((item) =>
            transaction.objectStore('items').put({ sessionId: session.id, seq: item.seq, item }),
          ),
        ]);
      });
    });
  }

  async saveMeta(meta: SessionMeta): Promise<void> {
    await this.guard(`saving session ${meta.id}`, async () => {
      const transaction = this.database.transaction(['sessions', 'locks'], 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.objectStore('locks').get(meta.id);
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(meta.id, lock!);
        await transaction.objectStore('sessions').put(meta);
      });
    });
  }

  async appendItem(sessionId: string, item: HistoryItem): Promise<void> {
    await this.guard(`saving item ${item.seq} of session ${sessionId}`, async () => {
      const transaction = this.database.transaction(['items', 'locks'], 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.objectStore('locks').get(sessionId);
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(sessionId, lock!);
        // add(), not put(): an item position is written once; a duplicate is a conflict, not an overwrite.
        await transaction.objectStore('items').add({ sessionId, seq: item.seq, item });
      });
    });
  }

  /** U3: a step-mode edit replaces the stored item at the same position. */
  async replaceItem(sessionId: string, item: HistoryItem): Promise<void> {
    await this.guard(`saving the edited item ${item.seq} of session ${sessionId}`, async () => {
      const transaction = this.database.transaction(['items', 'locks'], 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.objectStore('locks').get(sessionId);
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(sessionId, lock!);
        await transaction.objectStore('items').put({ sessionId, seq: item.seq, item });
      });
    });
  }

  async appendEvents(sessionId: string, events: HarnessEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.guard(`saving events of session ${sessionId}`, async () => {
      const transaction = this.database.transaction('events', 'readwrite');
      await committed(transaction, () =>
        Promise.all(events.map((event) => transaction.store.add({ sessionId, event }))),
      );
    });
  }

  async load(sessionId: string): Promise<Session | null> {
    return this.guard(`loading session ${sessionId}`, async () => {
      const transaction = this.database.transaction(['sessions', 'items'], 'readonly');
      const [meta, records] = await committed(transaction, () =>
        Promise.all([
          transaction.objectStore('sessions').get(sessionId),
          transaction.objectStore('items').getAll(itemRange(sessionId)),
        ]),
      );
      if (!meta) return null;
      return upgradeSession({ ...meta, history: records.map((record) => record.item) });
    });
  }

  async loadEvents(sessionId: string): Promise<HarnessEvent[]> {
    return this.guard(`loading events of session ${sessionId}`, async () =>
      (await this.database.getAllFromIndex('events', 'sessionId', sessionId)).map((record) =>
        upgradeEvent(record.event),
      ),
    );
  }

  async list(): Promise<SessionSummary[]> {
    return this.guard('listing sessions', async () => {
      const transaction = this.database.transaction(['sessions', 'items'], 'readonly');
      const [metas, counts] = await committed(transaction, async () => {
        const all = await transaction.objectStore('sessions').getAll();
        return [
          all,
          await Promise.all(all.map((meta) => transaction.objectStore('items').count(itemRange(meta.id)))),
        ] as const;
      });
      return metas.map((meta, index) => summaryOf(meta, counts[index])).sort((a, b) => b.updatedAt - a.updatedAt);
    });
  }

  async rename(sessionId: string, title: string): Promise<void> {
    await this.guard(`renaming session ${sessionId}`, async () => {
      const transaction = this.database.transaction('sessions', 'readwrite');
      await committed(transaction, async () => {
        const meta = await transaction.store.get(sessionId);
        if (!meta) throw new StoreError('io', `no session ${sessionId}`);
        await transaction.store.put({ ...meta, title: title.trim() || meta.title, updatedAt: this.now() });
      });
    });
  }

  async delete(sessionId: string): Promise<void> {
    await this.guard(`deleting session ${sessionId}`, async () => {
      const transaction = this.database.transaction(['sessions', 'items', 'events', 'snapshots', 'locks'], 'readwrite');
      await committed(transaction, async () => {
        const lock = await transaction.objectStore('locks').get(sessionId);
        if (this.lockedBySomeoneElse(lock)) throw this.lockedError(sessionId, lock!);
        await transaction.objectStore('sessions').delete(sessionId);
        await transaction.objectStore('items').delete(itemRange(sessionId));
        await transaction.objectStore('snapshots').delete(itemRange(sessionId));
        await transaction.objectStore('locks').delete(sessionId);
        let cursor = await transaction.objectStore('events').index('sessionId').openCursor(sessionId);
        while (cursor) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
      });
    });
  }

  /** W6: the workspace files of a session at a step. */
  async saveSnapshot(sessionId: string, step: number, files: Record<string, string>): Promise<void> {
    await this.guard(`saving the workspace files of session ${sessionId}`, async () => {
      await this.database.put('snapshots', { sessionId, step, at: this.now(), files });
    });
  }

  async snapshotAt(sessionId: string, step: number): Promise<SnapshotRecord | undefined> {
    return this.guard(`loading the workspace files of session ${sessionId}`, async () => {
      const transaction = this.database.transaction('snapshots');
      const range = IDBKeyRange.bound([sessionId, -Infinity], [sessionId, step]);
      return committed(transaction, async () => (await transaction.store.openCursor(range, 'prev'))?.value);
    });
  }

  async listSnapshots(sessionId: string): Promise<{ step: number; at: number }[]> {
    return this.guard(`listing the workspace files of session ${sessionId}`, async () => {
      const transaction = this.database.transaction('snapshots');
      const infos: { step: number; at: number }[] = [];
      await committed(transaction, async () => {
        for (
          let cursor = await transaction.store.openCursor(itemRange(sessionId));
          cursor;
          cursor = await cursor.continue()
        )
          infos.push({ step: cursor.value.step, at: cursor.value.at });
      });
      return infos;
    });
  }

  /** Keeps the first snapshot (the baseline) and the newest `keepLatest`; deletes the rest. */
  async pruneSnapshots(sessionId: string, keepLatest: number): Promise<void> {
    const steps = (await this.listSnapshots(sessionId)).map((info) => info.step);
    const drop = steps.slice(1, Math.max(1, steps.length - keepLatest));
    if (drop.length === 0) return;
    await this.guard(`pruning the workspace files of session ${sessionId}`, async () => {
      const transaction = this.database.transaction('snapshots', 'readwrite');
      await committed(transaction, () => Promise.all(drop.map((step) => transaction.store.delete([sessionId, step]))));
    });
  }

  async latestSnapshot(sessionId: string): Promise<SnapshotRecord | undefined> {
    return this.guard(`loading the workspace files of session ${sessionId}`, async () => {
      const transaction = this.database.transaction('snapshots');
      return committed(
        transaction,
        async () => (await transaction.store.openCursor(itemRange(sessionId), 'prev'))?.value,
      );
    });
  }
}
