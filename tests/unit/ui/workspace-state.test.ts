import { describe, expect, it } from 'vitest';
import { WorkspaceState } from '../../../src/lib/ui/workspace-state.svelte';
import { baselineLabel } from '../../../src/lib/ui/checkpoint-plan';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';

/** A session's history as the checkpoints read it: model replies are what name a step. */
const history = (replies: number) =>
  Array.from({ length: replies * 2 }, (_, i) => ({ kind: i % 2 ? 'assistant' : 'user' }));

async function made(files: Record<string, string> = { 'a.txt': 'one\n' }): Promise<WorkspaceState> {
  const state = new WorkspaceState();
  await state.make(files);
  return state;
}

describe('W1 the page workspace state (offline shell in a unit test)', () => {
  it('W1 is not ready until made; then it lists exactly the files it was given', async () => {
    const state = new WorkspaceState();
    expect(state.ready).toBe(false);
    expect(() => state.current).toThrow(/still loading/);
    await state.refreshFiles(); // nothing to list yet: no problem, no throw
    expect(state.problem).toBeUndefined();
    await state.make({ 'src/b.js': 'b', 'a.txt': 'a' });
    expect(state.ready).toBe(true);
    expect(state.files).toEqual(['a.txt', 'src/b.js']);
    expect(state.tools.map((tool) => tool.name)).toContain('git');
  });

  it('W1 creating, renaming and deleting a file update the list and bump the version editors reload on', async () => {
    const state = await made();
    const before = state.filesVersion;
    await state.createFile('notes/todo.md');
    expect(state.files).toContain('notes/todo.md');
    expect(await state.readFile('notes/todo.md')).toBe('');
    await state.renameFile('notes/todo.md', 'notes/done.md');
    expect(state.files).toContain('notes/done.md');
    expect(state.files).not.toContain('notes/todo.md');
    await state.deleteFile('notes/done.md');
    expect(state.files).toEqual(['a.txt']);
    expect(state.filesVersion).toBeGreaterThanOrEqual(before + 3);
  });

  it('W1 refuses to create or rename onto a file that exists, and loses neither file', async () => {
    const state = await made({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    await expect(state.createFile('a.txt')).rejects.toThrow('"a.txt" already exists');
    await expect(state.renameFile('a.txt', 'b.txt')).rejects.toThrow('"b.txt" already exists');
    expect(await state.readFile('a.txt')).toBe('one\n');
    expect(await state.readFile('b.txt')).toBe('two\n');
  });

  it('W1 replacing the files leaves exactly the new ones; making again starts with no checkpoints', async () => {
    const state = await made({ 'a.txt': 'a', 'old.txt': 'x' });
    await state.replaceFiles({ 'new.txt': 'y' });
    expect(state.files).toEqual(['new.txt']);
    expect(await state.collect()).toEqual({ 'new.txt': 'y' });
    await state.checkpointChange('s1', 0, await state.collect());
    expect(state.checkpoints).toHaveLength(1);
    await state.make({ 'c.txt': 'c' });
    expect(state.checkpoints).toEqual([]);
    expect(state.files).toEqual(['c.txt']);
  });

  it('W1 a listing that fails is shown as a problem beside the files, not thrown', async () => {
    const state = await made();
    Object.assign(state.current, {
      readdir: async () => {
        throw new Error('the shell stopped');
      },
    });
    await state.refreshFiles();
    expect(state.problem).toBe('The files could not be listed: the shell stopped');
    expect(state.files).toEqual(['a.txt']); // the last list stays
  });
});

describe('W6 checkpoints in the page', () => {
  it('W6 a checkpoint is made only when the files change: the first is the baseline, then "after step N"', async () => {
    const state = await made();
    await state.checkpointChange('s1', 0, await state.collect());
    await state.checkpointChange('s1', 1, await state.collect()); // same files: none
    expect(state.checkpoints.map((c) => c.label)).toEqual([baselineLabel]);
    await state.writeFile('a.txt', 'two\n');
    await state.checkpointChange('s1', 2, await state.collect());
    expect(state.checkpoints.map((c) => c.label).sort()).toEqual(['after step 2', baselineLabel].sort());
  });

  it('W6 keep saves the snapshot and checkpoints the same files, named by the model steps so far', async () => {
    const state = await made();
    const store = new MemorySessionStore();
    await state.keep(
      { id: 's1', history: history(0) },
      { saveFiles: (id, step, files) => store.saveSnapshot(id, step, files) },
    );
    await state.writeFile('a.txt', 'changed\n');
    await state.keep(
      { id: 's1', history: history(3) },
      { saveFiles: (id, step, files) => store.saveSnapshot(id, step, files) },
    );
    expect((await store.listSnapshots('s1')).map((s) => s.step)).toEqual([0, 6]);
    expect(state.checkpoints.map((c) => c.label)).toContain('after step 3');
  });

  it('W6 restoring a checkpoint brings its files back, and the next change is checkpointed again', async () => {
    const state = await made();
    await state.checkpointChange('s1', 0, await state.collect());
    const baseline = state.checkpoints[0];
    await state.writeFile('a.txt', 'two\n');
    await state.checkpointChange('s1', 1, await state.collect());
    await state.restoreCheckpoint('s1', baseline.oid, 2);
    expect(await state.readFile('a.txt')).toBe('one\n');
    const count = state.checkpoints.length;
    await state.writeFile('a.txt', 'two\n'); // the same files as a listed checkpoint, but not the newest one kept
    await state.checkpointChange('s1', 3, await state.collect());
    expect(state.checkpoints.length).toBe(count + 1);
    expect(state.checkpoints[0].label).toBe('after step 3'); // newest first, as git lists them
    expect(await state.diffCheckpoints(baseline.oid, state.checkpoints[0].oid)).not.toEqual([]);
  });

  it('W6 a reopened session makes its checkpoints again from the stored snapshots, one per distinct state', async () => {
    const store = new MemorySessionStore();
    await store.saveSnapshot('s1', 0, { 'a.txt': 'one\n' });
    await store.saveSnapshot('s1', 2, { 'a.txt': 'two\n' });
    await store.saveSnapshot('s1', 4, { 'a.txt': 'two\n' }); // the end of the run: the same files
    const state = await made({ 'a.txt': 'two\n' });
    await state.reopenCheckpoints({ id: 's1', history: history(2) }, store);
    expect(state.checkpoints.map((c) => c.label).sort()).toEqual(['after step 1', baselineLabel].sort());
    // Reopened twice (the pane shown again): nothing is made twice.
    await state.reopenCheckpoints({ id: 's1', history: history(2) }, store);
    expect(state.checkpoints).toHaveLength(2);
    // The newest kept state is the current files: no change, no checkpoint.
    await state.checkpointChange('s1', 2, await state.collect());
    expect(state.checkpoints).toHaveLength(2);
  });

  it('W6 a store that cannot list checkpoints is shown as a problem; a session with no id lists none', async () => {
    const state = await made();
    await state.checkpointChange('s1', 0, await state.collect());
    await state.refreshCheckpoints(undefined);
    expect(state.checkpoints).toEqual([]);
    const broken = new MemorySessionStore();
    broken.listSnapshots = async () => {
      throw new Error('quota exceeded');
    };
    await state.reopenCheckpoints({ id: 's2', history: history(1) }, broken);
    expect(state.problem).toBe('Checkpoints could not be made from the stored snapshots: quota exceeded');
  });
});

describe('W1 the workspace factory', () => {
  it('W1 chosen offline in Settings: the offline shell, and the reason says so', () => {
    const state = new WorkspaceState();
    state.factory.start('offline');
    expect(state.factory.backend).toEqual({
      label: expect.stringMatching(/^Offline shell/),
      reason: 'chosen in Settings',
    });
  });
});
