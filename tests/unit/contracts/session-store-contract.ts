/** S1, S2, S4: the SessionStore contract, run against every store that can run here. */
import { describe, expect, it } from 'vitest';
import type { SessionStore } from '../../../src/lib/harness/ports';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import { createSession, sessionMeta } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';

export function sampleSession(id = 'session-1') {
  return createSession({ id, model: 'qwen2.5-coder:7b', settings: defaultSettings(), workspace: { backend: 'memory-shell', label: 'test' }, now: 1000 });
}

export function sessionStoreContract(name: string, create: () => Promise<SessionStore>): void {
  describe(`SessionStore contract: ${name}`, () => {
    it('S1 keeps id, times, workspace, model, settings, history and memory', async () => {
      const store = await create();
      const session = sampleSession();
      session.memory = { task: 'fix it', files: ['a.js'], notes: ['n1'] };
      session.history.push({ seq: 0, at: 1001, kind: 'user', content: 'fix it' });
      await store.saveSession(session);
      const loaded = await store.load(session.id);
      expect(loaded).toEqual(session);
      expect(await store.load('missing-id')).toBeNull();
    });

    it('S2 appends items one at a time and loads them in order', async () => {
      const store = await create();
      const session = sampleSession();
      await store.saveSession(session);
      await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'task' });
      await store.appendItem(session.id, { seq: 1, at: 2, kind: 'assistant', content: '<final>ok</final>' });
      await store.appendItem(session.id, { seq: 2, at: 3, kind: 'tool', name: 'read_file', args: { path: 'a' }, content: 'x', ok: true });
      const loaded = await store.load(session.id);
      expect(loaded?.history.map((item) => item.seq)).toEqual([0, 1, 2]);
      expect(loaded?.history[2]).toMatchObject({ kind: 'tool', name: 'read_file', args: { path: 'a' } });
    });

    it('S2 saving metadata never touches stored items', async () => {
      const store = await create();
      const session = sampleSession();
      await store.saveSession(session);
      await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'task' });
      await store.saveMeta({ ...sessionMeta(session), title: 'renamed', memory: { task: 't', files: [], notes: ['kept'] } });
      const loaded = await store.load(session.id);
      expect(loaded?.title).toBe('renamed');
      expect(loaded?.memory.notes).toEqual(['kept']);
      expect(loaded?.history).toHaveLength(1);
    });

    it('S2 stores events with the session', async () => {
      const store = await create();
      const session = sampleSession();
      await store.saveSession(session);
      const event: HarnessEvent = { type: 'notice', step: 1, reason: 'malformed', text: 'x', sessionId: session.id, at: 5 };
      await store.appendEvents(session.id, [event]);
      await store.appendEvents(session.id, [{ ...event, at: 6 }]);
      expect((await store.loadEvents(session.id)).map((stored) => stored.at)).toEqual([5, 6]);
    });

    it('S4 lists sessions newest first, and deletes them', async () => {
      const store = await create();
      const older = sampleSession('older');
      const newer = { ...sampleSession('newer'), updatedAt: 5000 };
      await store.saveSession(older);
      await store.saveSession(newer);
      expect((await store.list()).map((summary) => summary.id)).toEqual(['newer', 'older']);
      await store.delete('older');
      expect((await store.list()).map((summary) => summary.id)).toEqual(['newer']);
      expect(await store.load('older')).toBeNull();
    });
  });
}
