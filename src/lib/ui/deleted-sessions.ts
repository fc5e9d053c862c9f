/**
 * S4 U1: Delete can be undone for a short while. The session (with its helpers) is deleted at once —
 * a closed tab never brings it back — and a copy of everything the store held for it (items,
 * events, kept files) stays in memory until the grace period ends, so Undo writes it back whole.
 */
import type { HarnessEvent } from '../harness/events';
import type { SessionStore } from '../harness/ports';
import type { Session } from '../harness/session';
import type { FileMap } from '../workspace/workspace-files';
import { appendEventsInBatches, hasSnapshots, keptSnapshots } from '../store/store-capabilities';

export const undoGraceMs = 15_000;

export interface Kept {
  session: Session;
  events: HarnessEvent[];
  snapshots: { step: number; files: FileMap }[];
}

export async function keepCopies(store: SessionStore, ids: readonly string[]): Promise<Kept[]> {
  const kept: Kept[] = [];
  for (const id of ids) {
    const session = await store.load(id);
    if (!session) continue;
    kept.push({ session, events: await store.loadEvents(id), snapshots: await keptSnapshots(store, id) });
  }
  return kept;
}

/** Writes the copies back in their order (parents first); a session made since with the same id wins. */
export async function restoreCopies(store: SessionStore, kept: readonly Kept[]): Promise<void> {
  for (const { session, events, snapshots } of kept) {
    if (await store.load(session.id)) continue;
    await store.saveSession(session);
    await appendEventsInBatches(store, session.id, events);
    if (hasSnapshots(store))
      for (const snapshot of snapshots) await store.saveSnapshot(session.id, snapshot.step, snapshot.files);
  }
}
