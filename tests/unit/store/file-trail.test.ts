/**
 * U3 W6: the files kept along a run are bounded whatever the model does — the first snapshot and
 * the newest ones, and nothing at all from a workspace too large to carry (with the reason).
 */
import { describe, expect, it } from 'vitest';
import { FileTrail } from '../../../src/lib/store/file-trail';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';

describe('U3 file trail', () => {
  it('U3 keeps the first snapshot and the newest ones, and only those before the end', async () => {
    const workspace = new MemoryWorkspace({ files: { 'a.txt': '0' } });
    const trail = new FileTrail(workspace, { kept: 3, files: 100, bytes: 10_000 });
    for (let step = 0; step < 10; step++) {
      await workspace.writeFile('a.txt', String(step));
      await trail.take(step * 2);
    }
    expect(trail.before(100).map((snapshot) => snapshot.step)).toEqual([0, 14, 16, 18]);
    expect(trail.before(16).map((snapshot) => snapshot.files['a.txt'])).toEqual(['0', '7']);
  });

  it('U3 a workspace over the limits is not copied, and says why', async () => {
    const many = new FileTrail(new MemoryWorkspace({ files: { a: '1', b: '2', c: '3' } }), {
      kept: 3,
      files: 2,
      bytes: 10_000,
    });
    await many.take(0);
    expect(await many.files()).toBeUndefined();
    expect(many.before(10)).toEqual([]);
    expect(many.tooLarge).toBe('3 files, more than 2');
    const big = new FileTrail(new MemoryWorkspace({ files: { a: 'x'.repeat(600), b: 'y'.repeat(600) } }), {
      kept: 3,
      files: 10,
      bytes: 1000,
    });
    expect(await big.files()).toBeUndefined();
    expect(big.tooLarge).toBe('more than 1 KB of text');
  });
});
