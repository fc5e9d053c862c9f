import { mkdtempSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleSession, sessionStoreContract } from './contracts/session-store-contract';
import { MemorySessionStore } from '../../src/lib/store/memory-session-store';
import { FileSessionStore } from '../../src/lib/store/file-session-store';

sessionStoreContract('memory', async () => new MemorySessionStore());
sessionStoreContract('files', async () => new FileSessionStore(mkdtempSync(path.join(tmpdir(), 'harness-store-'))));

describe('file session store', () => {
  it('S2 a torn last line (crash mid-append) is skipped and everything before it loads', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'harness-torn-'));
    const store = new FileSessionStore(directory);
    const session = sampleSession();
    await store.saveSession(session);
    await store.appendItem(session.id, { seq: 0, at: 1, kind: 'user', content: 'task' });
    await fs.appendFile(path.join(directory, session.id, 'items.jsonl'), '{"seq":1,"at":2,"kind":"assis');
    const loaded = await store.load(session.id);
    expect(loaded?.history).toHaveLength(1);
    expect(store.lastLoad.skipped).toHaveLength(1);
  });

  it('S2 a damaged metadata file is a clear error, not a crash or an empty session', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'harness-bad-'));
    const store = new FileSessionStore(directory);
    await store.saveSession(sampleSession());
    await fs.writeFile(path.join(directory, 'session-1', 'meta.json'), '{not json');
    await expect(store.load('session-1')).rejects.toThrow(/session-1 is damaged/);
  });

  it('S4 refuses session ids that could escape its folder', async () => {
    const store = new FileSessionStore(mkdtempSync(path.join(tmpdir(), 'harness-id-')));
    await expect(store.load('../etc')).rejects.toThrow(/invalid session id/);
  });
});
