/**
 * The IndexedDB schema, versioned. Each version's step runs once, in order, so a database made by
 * any earlier version is upgraded in place and keeps its data.
 *   v1: sessions, items (one record per history item), events
 *   v2: tasks, snapshots, presets, settings, locks
 *   v3: lessons (a teacher's own, imported from a .lesson.zip)
 */
import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { HarnessEvent } from '../harness/events';
import type { HistoryItem, SessionMeta } from '../harness/session';
import type { Task } from '../harness/tasks/task-types';
import { StoreError, storeError } from './store-error';
import type { Trajectory } from './session-export';

export const databaseName = 'harness-playground';
export const databaseVersion = 3;

export interface ItemRecord {
  sessionId: string;
  seq: number;
  item: HistoryItem;
}

export interface EventRecord {
  sessionId: string;
  event: HarnessEvent;
}

export interface TaskRecord {
  workspaceId: string;
  id: string;
  task: Task;
}

export interface SnapshotRecord {
  sessionId: string;
  /** Items the history had when the files were taken; the highest is the latest. */
  step: number;
  at: number;
  files: Record<string, string>;
}

export interface LockRecord {
  sessionId: string;
  owner: string;
  since: number;
  expiresAt: number;
}

/** U3: a teacher's lesson: the reviewed session and the words on its steps. */
export interface TeacherLessonRecord {
  id: string;
  title: string;
  summary: string;
  /** `slot` is one of the five slots' names (checked on import, teacher-lessons.ts). */
  notes: { step: number; slot: string; text: string }[];
  trajectory: Trajectory;
  importedAt: number;
}

export interface HarnessSchema extends DBSchema {
  sessions: { key: string; value: SessionMeta; indexes: { updatedAt: number } };
  items: { key: [string, number]; value: ItemRecord };
  events: { key: number; value: EventRecord; indexes: { sessionId: string } };
  tasks: { key: [string, string]; value: TaskRecord };
  snapshots: { key: [string, number]; value: SnapshotRecord };
  presets: { key: string; value: { name: string; sections: Record<string, string>; savedAt: number } };
  settings: { key: string; value: { key: string; value: unknown } };
  locks: { key: string; value: LockRecord };
  lessons: { key: string; value: TeacherLessonRecord };
}

export type HarnessDatabase = IDBPDatabase<HarnessSchema>;

export interface OpenOptions {
  name?: string;
  /** Told when another tab needs a newer schema; the connection is closed first. */
  onVersionChange?: (message: string) => void;
}

export function openHarnessDatabase(options: OpenOptions = {}): Promise<HarnessDatabase> {
  if (typeof indexedDB === 'undefined')
    return Promise.reject(
      new StoreError('unavailable', 'This browser has no IndexedDB, so sessions cannot be kept across reloads.'),
    );
  return new Promise((resolve, reject) => {
    let settled = false;
    let database: HarnessDatabase | undefined;
    const fail = (error: StoreError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    openDB<HarnessSchema>(options.name ?? databaseName, databaseVersion, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
          db.createObjectStore('items', { keyPath: ['sessionId', 'seq'] });
          db.createObjectStore('events', { autoIncrement: true }).createIndex('sessionId', 'sessionId');
        }
        if (oldVersion < 2) {
          db.createObjectStore('tasks', { keyPath: ['workspaceId', 'id'] });
          db.createObjectStore('snapshots', { keyPath: ['sessionId', 'step'] });
          db.createObjectStore('presets', { keyPath: 'name' });
          db.createObjectStore('settings', { keyPath: 'key' });
          db.createObjectStore('locks', { keyPath: 'sessionId' });
        }
        if (oldVersion < 3) db.createObjectStore('lessons', { keyPath: 'id' });
      },
      // An older tab keeps the database open: say so instead of waiting forever.
      blocked() {
        fail(
          new StoreError(
            'blocked',
            'The database upgrade is blocked by another tab with an older Harness ' +
              'Playground; close the other tabs and reload.',
          ),
        );
      },
      blocking() {
        database?.close();
        options.onVersionChange?.(
          'A newer Harness Playground was opened in another tab; reload this tab to keep saving.',
        );
      },
    }).then(
      (opened) => {
        database = opened;
        if (settled) {
          opened.close();
          return;
        }
        settled = true;
        resolve(opened);
      },
      (error: unknown) => fail(storeError(error, 'opening the database')),
    );
  });
}
