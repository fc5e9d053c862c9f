/**
 * Optional capabilities of a SessionStore, beyond the port the harness needs (as `GitCapable`
 * is for workspaces): the page asks for them by type instead of downcasting to one store.
 */
import type { HarnessEvent } from '../harness/events';
import type { SessionStore } from '../harness/ports';
import type { FileMap } from '../workspace/workspace-files';

export interface SnapshotInfo {
  /** Items the history had when the files were taken. */
  step: number;
  at: number;
}

/** W6: the workspace files kept with a session, by step. */
export interface SnapshotCapable {
  saveSnapshot(sessionId: string, step: number, files: FileMap): Promise<void>;
  latestSnapshot(sessionId: string): Promise<(SnapshotInfo & { files: FileMap }) | undefined>;
  /** The newest snapshot at or before `step` (replay, fork). */
  snapshotAt(sessionId: string, step: number): Promise<(SnapshotInfo & { files: FileMap }) | undefined>;
  listSnapshots(sessionId: string): Promise<SnapshotInfo[]>;
  /** Bounded growth: keeps the first snapshot and the newest `keepLatest`. */
  pruneSnapshots(sessionId: string, keepLatest: number): Promise<void>;
}

/** S2: a single writer per session across tabs. */
export interface LeaseCapable {
  acquire(sessionId: string): Promise<void>;
  release(sessionId: string): Promise<void>;
}

export interface RenameCapable {
  rename(sessionId: string, title: string): Promise<void>;
}

export function hasSnapshots(store: SessionStore): store is SessionStore & SnapshotCapable {
  return typeof (store as Partial<SnapshotCapable>).snapshotAt === 'function';
}

/** Every kept snapshot of a session below `beforeStep`, with its files (an empty list without snapshots). */
export async function keptSnapshots(
  store: SessionStore,
  sessionId: string,
  beforeStep = Number.POSITIVE_INFINITY,
): Promise<{ step: number; files: FileMap }[]> {
  if (!hasSnapshots(store)) return [];
  const kept: { step: number; files: FileMap }[] = [];
  for (const { step } of await store.listSnapshots(sessionId)) {
    if (step >= beforeStep) continue;
    const found = await store.snapshotAt(sessionId, step);
    if (found?.step === step) kept.push({ step, files: found.files });
  }
  return kept;
}

/** Appends events in batches (a store writes one batch per transaction). */
export async function appendEventsInBatches(
  store: SessionStore,
  sessionId: string,
  events: readonly HarnessEvent[],
): Promise<void> {
  for (let index = 0; index < events.length; index += 500)
    await store.appendEvents(sessionId, events.slice(index, index + 500));
}

export function hasLeases(store: SessionStore): store is SessionStore & LeaseCapable {
  return typeof (store as Partial<LeaseCapable>).acquire === 'function';
}

export function canRename(store: SessionStore): store is SessionStore & RenameCapable {
  return typeof (store as Partial<RenameCapable>).rename === 'function';
}
