/** S4: what Undo after Delete writes back is what was deleted — items, events, kept files, helpers. */
import { describe, expect, it } from 'vitest';
import { keepCopies, restoreCopies } from '../../../src/lib/ui/deleted-sessions';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import { final, harness, tool } from '../helpers';

describe('S4 Undo after Delete', () => {
  it('S4 a session and its helper come back whole; one made since under the same id is not overwritten', async () => {
    const h = harness([tool('write_file', { path: 'a.txt', content: 'a' }), final('done')]);
    await h.agent.run('write a');
    const store = h.store as MemorySessionStore;
    const parent = h.agent.session;
    const child = { ...structuredClone(parent), id: `${parent.id}-child`, parentId: parent.id };
    await store.saveSession(child);
    const before = { session: await store.load(parent.id), events: await store.loadEvents(parent.id) };
    const kept = await keepCopies(store, [parent.id, child.id]);
    await store.delete(child.id);
    await store.delete(parent.id);
    expect(await store.load(parent.id)).toBeFalsy();
    await restoreCopies(store, kept);
    expect(await store.load(parent.id)).toEqual(before.session);
    expect(await store.loadEvents(parent.id)).toEqual(before.events);
    expect((await store.load(child.id))?.parentId).toBe(parent.id);
    // A new session took the id meanwhile: Undo leaves it alone.
    await store.delete(child.id);
    await store.saveSession({ ...child, title: 'newer' });
    await restoreCopies(store, kept);
    expect((await store.load(child.id))?.title).toBe('newer');
  });
});
