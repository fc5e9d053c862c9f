/**
 * W6 S4: imports are untrusted. A zip bomb or a zip whose headers lie stops before it can fill
 * memory; a trajectory with wrong types or a path that leaves the workspace is rejected with the
 * path of the first bad field, and nothing is imported.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipFiles, zipFiles } from '../../../src/lib/workspace/workspace-zip';
import { exportTrajectory, importTrajectory } from '../../../src/lib/store/session-export';
import { final, harness } from '../helpers';

/** Rewrites the uncompressed size of every entry (local and central headers) to `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return bytes;
}

describe('W6 zip imports are bounded', () => {
  it('W6 a file that declares a huge size is not inflated at all', () => {
    const bomb = zipSync(
      { 'bomb.txt': new Uint8Array(64 * 1024 * 1024).fill(97), 'ok.txt': strToU8('fine') },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(200_000);
    const result = unzipFiles(bomb);
    expect(result.files).toEqual({ 'ok.txt': 'fine' });
    expect(result.skipped[0]).toMatch(/bomb\.txt \(declares 67108864 bytes/);
  });

  it('W6 a zip whose headers lie about the size stops while inflating, and nothing is imported', () => {
    const liar = lieAboutSizes(zipSync({ 'small.txt': new Uint8Array(8 * 1024 * 1024).fill(97) }, { level: 9 }), 100);
    expect(() => unzipFiles(liar)).toThrow(/inflates to more than its declared 100 bytes/);
  });

  it('W6 a readable zip round-trips, and a non-zip is a clear error', () => {
    expect(unzipFiles(zipFiles({ 'a.txt': 'x', 'src/b.js': 'y' })).files).toEqual({ 'a.txt': 'x', 'src/b.js': 'y' });
    expect(() => unzipFiles(strToU8('not a zip at all'))).toThrow(/not a readable zip/);
  });
});

describe('S4 trajectory imports are validated', () => {
  // The tests below break the exported shape on purpose, so it is read as loosely typed JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Loose = Record<string, any>;
  async function exported(): Promise<Loose> {
    const h = harness([final('ok')], { files: { 'a.txt': 'x' } });
    await h.agent.run('go');
    return JSON.parse(
      exportTrajectory({
        session: h.agent.session,
        events: await h.store.loadEvents(h.agent.session.id),
        tasks: [],
        files: { 'a.txt': 'x' },
      }),
    ) as Loose;
  }

  it('S4 a file key that leaves the workspace is rejected with its path', async () => {
    for (const key of ['../escape.txt', '/etc/passwd', 'a/../../b', '~/x']) {
      const trajectory = await exported();
      trajectory.files[key] = 'pwned';
      expect(importTrajectory(JSON.stringify(trajectory))).toMatchObject({
        ok: false,
        error: expect.stringContaining(`/files/${key}`),
      });
    }
  });

  it('S4 wrong types anywhere are rejected with the path of the first bad field', async () => {
    const cases: [string, (value: Loose) => void][] = [
      ['/session/history/0/content', (value) => (value.session.history[0].content = 42)],
      ['/session/history/1', (value) => (value.session.history[1].kind = 'system')],
      ['/session/memory/files', (value) => (value.session.memory.files = 'a.txt')],
      ['/session/title', (value) => (value.session.title = { html: '<img>' })],
      ['/events/0/type', (value) => (value.events[0].type = 7)],
      ['/files/a.txt', (value) => (value.files['a.txt'] = ['not', 'text'])],
      ['/session/id', (value) => (value.session.id = '../../x')],
    ];
    for (const [path, damage] of cases) {
      const trajectory = await exported();
      damage(trajectory);
      const result = importTrajectory(JSON.stringify(trajectory));
      expect(result.ok, path).toBe(false);
      if (!result.ok) expect(result.error, path).toContain(path);
    }
  });
});
