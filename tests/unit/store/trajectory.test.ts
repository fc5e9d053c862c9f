import { describe, expect, it } from 'vitest';
import { exportTrajectory, importTrajectory } from '../../../src/lib/store/session-export';
import { collectFiles, restoreFiles } from '../../../src/lib/workspace/workspace-files';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { final, harness, tool } from '../helpers';

async function exported() {
  const h = harness([tool('write_file', { path: 'src/a.js', content: 'export const a = 1;\n' }), final('ok')], {
    files: { 'README.md': '# r' },
  });
  await h.agent.run('write a');
  const text = exportTrajectory({
    session: h.agent.session,
    events: await h.store.loadEvents(h.agent.session.id),
    tasks: [],
    files: await collectFiles(h.workspace),
    prompt: [{ name: 'identity', text: 'x' }],
  });
  return { h, text };
}

describe('session export and import', () => {
  it('S4 W6 a session exports as one JSON trajectory and imports back whole, files included', async () => {
    const { h, text } = await exported();
    const result = importTrajectory(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.trajectory.session).toEqual(h.agent.session);
    expect(result.trajectory.events.some((event) => event.type === 'tool.finished')).toBe(true);
    expect(result.trajectory.files).toEqual({ 'README.md': '# r', 'src/a.js': 'export const a = 1;\n' });
    const fresh = new MemoryWorkspace();
    await restoreFiles(fresh, result.trajectory.files);
    expect(await fresh.readFile('src/a.js')).toBe('export const a = 1;\n');
  });

  it('S4 a torn file, a foreign file, a newer version and a damaged one each get a clear error', async () => {
    const { text } = await exported();
    expect(importTrajectory(text.slice(0, text.length / 2))).toMatchObject({
      ok: false,
      error: expect.stringContaining('cut off'),
    });
    expect(importTrajectory('{"hello":"world"}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a Harness Playground session file'),
    });
    expect(importTrajectory(text.replace('"version": 1', '"version": 9'))).toMatchObject({
      ok: false,
      error: expect.stringContaining('version 9, newer'),
    });
    const damaged = JSON.parse(text);
    delete damaged.session.history[1].content;
    expect(importTrajectory(JSON.stringify(damaged))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/damaged at \/session\/history\/1/),
    });
    const reordered = JSON.parse(text) as { session: { history: unknown[] } };
    reordered.session.history.reverse();
    expect(importTrajectory(JSON.stringify(reordered))).toMatchObject({
      ok: false,
      error: expect.stringContaining('out of order'),
    });
  });

  it('W6 restoring exactly removes files the snapshot does not have', async () => {
    const workspace = new MemoryWorkspace({ files: { 'keep.txt': 'k', 'extra.txt': 'e' } });
    await restoreFiles(workspace, { 'keep.txt': 'k2' }, { exact: true });
    expect(await collectFiles(workspace)).toEqual({ 'keep.txt': 'k2' });
  });
});

describe('long-term memory', () => {
  it('S5 the workspace memory file is in the prompt when present, and the note tool can add to it', async () => {
    const h = harness([tool('note', { text: 'Use tabs, not spaces.', long_term: true }), final('ok')], {
      files: { '.harness/MEMORY.md': '# Workspace memory\n\n- The tests live in test/.\n' },
    });
    await h.agent.run('remember style');
    expect(h.model.requests[0].messages[0].content).toContain(
      'Long-term memory (.harness/MEMORY.md):\n# Workspace memory',
    );
    expect(await h.workspace.readFile('.harness/MEMORY.md')).toBe(
      '# Workspace memory\n\n- The tests live in test/.\n- Use tabs, not spaces.\n',
    );
    const later = harness([final('ok')], { workspace: h.workspace });
    await later.agent.run('next session');
    expect(later.model.requests[0].messages[0].content).toContain('- Use tabs, not spaces.');
  });

  it('S5 without a memory file there is no memory section', async () => {
    const h = harness([final('ok')]);
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0].content).not.toContain('Long-term memory');
  });
});
