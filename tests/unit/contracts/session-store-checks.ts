/**
 * S1, S2, S4: the SessionStore contract as plain checks with no test-runner dependency, so the
 * same list runs in vitest (every store) and inside real Chromium (IndexedDB), see
 * tests/e2e/browser/store-contract.ts.
 */
import type { SessionStore } from '../../../src/lib/harness/ports';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import { createSession, resetSession, sessionMeta, summarize } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';

export function sampleSession(id = 'session-1') {
  return createSession({
    id,
    model: 'qwen2.5-coder:7b',
    settings: defaultSettings(),
    workspace: { backend: 'memory-shell', label: 'test' },
    now: 1000,
  });
}

function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: expected ${b}, got ${a}`);
}

export interface StoreCheck {
  name: string;
  run(store: SessionStore): Promise<void>;
}

export const sessionStoreChecks: StoreCheck[] = [
  {
    name: 'S1 keeps id, times, workspace, model, settings, history and memory',
    async run(store) {
      const session = sampleSession();
      session.memory = { task: 'fix it', files: ['a.js'], notes: ['n1'] };
      session.history.push({ seq: 0, at: 1001, kind: 'user', content: 'fix it' });
      await store.saveSession(session);
      same(await store.load(session.id), session, 'loaded session');
      same(await store.load('missing-id'), null, 'missing session');
    },
  },
  {
    name: 'S2 appends items one at a time and loads them in order',
    async run(store) {
      const session = sampleSession();
      await store.saveSession(session);
      await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'task' });
      await store.appendItem(session.id, { seq: 1, at: 2, kind: 'assistant', content: '<final>ok</final>' });
      await store.appendItem(session.id, {
        seq: 2,
        at: 3,
        kind: 'tool',
        name: 'read_file',
        args: { path: 'a' },
        content: 'x',
        ok: true,
      });
      const loaded = await store.load(session.id);
      same(
        loaded?.history.map((item) => item.seq),
        [0, 1, 2],
        'item order',
      );
      same(
        loaded?.history[2],
        { seq: 2, at: 3, kind: 'tool', name: 'read_file', args: { path: 'a' }, content: 'x', ok: true },
        'tool item',
      );
    },
  },
  {
    name: 'S2 saving metadata never touches stored items',
    async run(store) {
      const session = sampleSession();
      await store.saveSession(session);
      await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'task' });
      await store.saveMeta({
        ...sessionMeta(session),
        title: 'renamed',
        memory: { task: 't', files: [], notes: ['kept'] },
      });
      const loaded = await store.load(session.id);
      same([loaded?.title, loaded?.memory.notes, loaded?.history.length], ['renamed', ['kept'], 1], 'meta and items');
    },
  },
  {
    name: 'S2 stores events with the session',
    async run(store) {
      const session = sampleSession();
      await store.saveSession(session);
      const event: HarnessEvent = {
        type: 'notice',
        step: 1,
        reason: 'malformed',
        text: 'x',
        sessionId: session.id,
        at: 5,
      };
      await store.appendEvents(session.id, [event]);
      await store.appendEvents(session.id, [{ ...event, at: 6 }]);
      same(
        (await store.loadEvents(session.id)).map((stored) => stored.at),
        [5, 6],
        'event order',
      );
    },
  },
  {
    name: 'S4 lists sessions newest first, and deletes them',
    async run(store) {
      await store.saveSession(sampleSession('older'));
      await store.saveSession({ ...sampleSession('newer'), updatedAt: 5000 });
      same(
        (await store.list()).map((summary) => summary.id),
        ['newer', 'older'],
        'list order',
      );
      await store.delete('older');
      same(
        (await store.list()).map((summary) => summary.id),
        ['newer'],
        'after delete',
      );
      same(await store.load('older'), null, 'deleted session');
    },
  },
  {
    name: 'S4 saving a whole session replaces its events too: a reset leaves no old history to replay',
    async run(store) {
      const session = sampleSession('reset-me');
      await store.saveSession(session);
      await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'old task' });
      await store.appendEvents(session.id, [
        { type: 'run.started', task: 'old task', model: 'm', protocol: 'text', depth: 0, sessionId: session.id, at: 2 },
      ]);
      await store.saveSession(resetSession((await store.load(session.id))!, 3));
      same((await store.load(session.id))?.history, [], 'items after reset');
      same(await store.loadEvents(session.id), [], 'events after reset');
    },
  },
  {
    name: 'S4 U3 a listed fork says what it forked (every store lists the same summary)',
    async run(store) {
      const fork = { ...sampleSession('fork'), forkOf: { sessionId: 'parent', step: 2 } };
      await store.saveSession(fork);
      const [listed] = await store.list();
      same(listed, summarize(fork), 'the summary');
      same(listed.forkOf, { sessionId: 'parent', step: 2 }, 'forkOf');
    },
  },
];
