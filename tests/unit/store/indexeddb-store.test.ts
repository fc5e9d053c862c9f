import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleSession, sessionStoreContract } from '../contracts/session-store-contract';
import { openHarnessDatabase } from '../../../src/lib/store/harness-database';
import { IndexedDbSessionStore } from '../../../src/lib/store/indexeddb-session-store';
import { StoreError } from '../../../src/lib/store/store-error';
import { Agent } from '../../../src/lib/harness/agent';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { restoreFiles } from '../../../src/lib/workspace/workspace-files';
import { SnapshotRecorder } from '../../../src/lib/store/snapshot-recorder';
import { final, tool } from '../helpers';

/** A fresh, empty IndexedDB for each test. */
function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

async function store(owner?: string, now?: () => number) {
  return new IndexedDbSessionStore(await openHarnessDatabase(), { owner, now });
}

sessionStoreContract('IndexedDB (fake-indexeddb)', async () => {
  freshIndexedDb();
  return store();
});

describe('IndexedDB session store', () => {
  it('S1 appending an item writes one record, not the session again', async () => {
    freshIndexedDb();
    const subject = await store();
    const session = sampleSession();
    await subject.saveSession(session);
    await subject.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'a' });
    expect(await subject.database.count('items')).toBe(1);
    expect(await subject.database.count('sessions')).toBe(1);
    await expect(
      subject.appendItem(session.id, { seq: 0, at: 2, kind: 'user', content: 'again' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect((await subject.load(session.id))?.history[0].content).toBe('a');
  });

  it('S2 an interrupted run (reload between items) resumes the same session with its files restored', async () => {
    freshIndexedDb();
    const first = await store('tab-1');
    const workspace = new MemoryWorkspace({ files: { 'a.txt': 'old' } });
    const controller = new AbortController();
    const agent = new Agent({
      model: new ScriptedModelClient([
        tool('write_file', { path: 'a.txt', content: 'new' }),
        { text: '<final>x</final>', delayMs: 10_000 },
      ]),
      modelName: 'm',
      workspace,
      store: first,
      settings: defaultSettings({ protocol: 'text', approval: 'auto' }),
      onEvent: (event) => {
        snapshots.observe(event);
        if (event.type === 'tool.finished') controller.abort();
      },
    });
    const snapshots = new SnapshotRecorder({ store: first, workspace, sessionId: agent.session.id });
    await agent.run('change a', { signal: controller.signal });
    await snapshots.settled();
    first.database.close();

    // A reload: a new connection, a new (empty) workspace.
    const second = await store('tab-1');
    const restored = await second.load(agent.session.id);
    expect(restored?.history.map((item) => item.kind)).toEqual(['user', 'assistant', 'tool', 'notice']);
    const fresh = new MemoryWorkspace();
    await restoreFiles(fresh, (await second.latestSnapshot(agent.session.id))!.files);
    expect(await fresh.readFile('a.txt')).toBe('new');
    const resumed = new Agent({
      model: new ScriptedModelClient([final('resumed')]),
      modelName: 'm',
      workspace: fresh,
      store: second,
      session: restored!,
      settings: restored!.settings,
    });
    expect((await resumed.run('')).outcome).toEqual({ kind: 'final', answer: 'resumed' });
    expect((await second.load(agent.session.id))?.history.map((item) => item.kind).slice(4)).toEqual([
      'notice',
      'assistant',
    ]);
  });

  it('S2 the same session in two tabs: the second tab gets a clear error and writes nothing', async () => {
    freshIndexedDb();
    let clock = 1_000;
    const now = () => clock;
    const tabA = await store('tab-a', now);
    const tabB = await store('tab-b', now);
    const session = sampleSession();
    await tabA.saveSession(session);
    await tabA.acquire(session.id);
    await expect(tabB.acquire(session.id)).rejects.toThrow(/open in another tab/);
    await expect(tabB.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'from b' })).rejects.toMatchObject(
      { kind: 'locked' },
    );
    await tabA.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'from a' });
    expect((await tabB.load(session.id))?.history.map((item) => item.content)).toEqual(['from a']);
    clock += 60_000; // tab A crashed and its lease ran out
    await tabB.acquire(session.id);
    await tabB.appendItem(session.id, { seq: 1, at: 2, kind: 'user', content: 'from b' });
    await tabB.release(session.id);
  });

  it('S2 a quota error is a clear StoreError, and what was stored before is kept', async () => {
    freshIndexedDb();
    const subject = await store();
    const session = sampleSession();
    await subject.saveSession(session);
    await subject.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'kept' });
    const prototype = Object.getPrototypeOf(subject.database.transaction('items', 'readwrite').store) as {
      add: (...args: unknown[]) => unknown;
    };
    const original = prototype.add;
    prototype.add = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      const error = await subject
        .appendItem(session.id, { seq: 1, at: 2, kind: 'user', content: 'lost?' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).kind).toBe('quota');
      expect((error as StoreError).message).toMatch(/Browser storage is full.*Nothing saved before was lost/);
    } finally {
      prototype.add = original;
    }
    expect((await subject.load(session.id))?.history.map((item) => item.content)).toEqual(['kept']);
  });

  it('S2 a database from schema version 1 is upgraded in place and keeps its sessions', async () => {
    freshIndexedDb();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('harness-playground', 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        db.createObjectStore('items', { keyPath: ['sessionId', 'seq'] });
        db.createObjectStore('events', { autoIncrement: true }).createIndex('sessionId', 'sessionId');
        const { history: _history, ...meta } = sampleSession('old-one');
        request.transaction!.objectStore('sessions').put(meta);
      };
      request.onsuccess = () => (request.result.close(), resolve());
      request.onerror = () => reject(request.error);
    });
    const upgraded = await store();
    expect([...upgraded.database.objectStoreNames].sort()).toEqual([
      'events',
      'items',
      'lessons',
      'locks',
      'presets',
      'sessions',
      'settings',
      'snapshots',
      'tasks',
    ]);
    expect((await upgraded.load('old-one'))?.model).toBe('qwen2.5-coder:7b');
  });

  it('S2 an upgrade blocked by another tab is a clear error, not a hang', async () => {
    freshIndexedDb();
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('harness-playground', 1);
      // This "other tab" never closes its connection when asked to.
      request.onsuccess = () => resolve();
    });
    await expect(openHarnessDatabase()).rejects.toMatchObject({
      kind: 'blocked',
      message: expect.stringContaining('close the other tabs'),
    });
  });

  it('S4 lists, renames and deletes sessions with their items, events and snapshots', async () => {
    freshIndexedDb();
    const subject = await store();
    await subject.saveSession(sampleSession('one'));
    await subject.appendItem('one', { seq: 0, at: 1, kind: 'user', content: 'x' });
    await subject.saveSnapshot('one', 1, { 'a.txt': 'a' });
    await subject.rename('one', 'Renamed');
    expect((await subject.list())[0]).toMatchObject({ id: 'one', title: 'Renamed', items: 1 });
    await subject.delete('one');
    expect(await subject.list()).toEqual([]);
    expect(await subject.database.count('items')).toBe(0);
    expect(await subject.latestSnapshot('one')).toBeUndefined();
  });
});
