/**
 * O2: the eval suite's checks can fail. For every task, its reference solution passes and a model
 * that answers "done" at once fails — on the offline workspace and on a real directory.
 */
import { describe, expect, it } from 'vitest';
import { evalTask } from '../../../src/lib/evals/eval-task';
import { exportTrajectory, importTrajectory } from '../../../src/lib/store/session-export';
import { backends, checkTasks, run, suiteTasks, tasks } from './suite-cases';

describe('O2 a check sees what the model left', () => {
  it("O2 a hidden file may not take a workspace file's place: the task is refused, naming both", () => {
    const spec = { id: 't', title: 't', task: 'edit the test', check: 'true', tags: [], rung: 2 };
    expect(() =>
      evalTask('t', spec, {
        files: { 'test/a.test.js': 'x' },
        hidden: { 'test/a.test.js': 'y' },
        reference: { replies: ['<final>x</final>'] },
      }),
    ).toThrow(/hidden\/test\/a\.test\.js would replace workspace\/test\/a\.test\.js; hidden files go beside/);
    expect(() =>
      evalTask('t', spec, {
        files: { 'test/a.test.js': 'x' },
        hidden: { 'check/a.test.js': 'y' },
        reference: { replies: ['<final>x</final>'] },
      }),
    ).not.toThrow();
  });
});

describe('O2 the eval suite', () => {
  it('O2 has at least 16 tasks covering what the suite promises', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(16);
    const tags = new Set(tasks.flatMap((task) => task.tags));
    for (const tag of [
      'read',
      'explain',
      'locate',
      'patch',
      'multi-file',
      'tests',
      'rename',
      'markup',
      'xml-form',
      'search',
      'instructions',
      'budget',
      'delegate',
      'tasks',
      'recover',
      'refuse',
    ])
      expect(tags, tag).toContain(tag);
  });

  it('O2 every task has a rung and at least one shortcut; the ladder has 8 tasks on rung 1 and 6 on rung 2', () => {
    for (const task of tasks) expect(task.shortcuts.length, `${task.id} has no shortcuts/*.json`).toBeGreaterThan(0);
    expect(tasks.filter((task) => task.rung === 1).length).toBeGreaterThanOrEqual(8);
    expect(tasks.filter((task) => task.rung === 2).length).toBeGreaterThanOrEqual(6);
    // Every task says its rung out loud: the default (3) is for suites written before the ladder.
    for (const task of tasks) expect(task.ignored ?? [], task.id).toEqual([]);
  });

  // The generated pool's tasks are checked in their own files (suite-pool-*.test.ts), in parallel.
  for (const backend of ['offline', 'directory'] as const) checkTasks(suiteTasks, backend);

  it('U3 O2 a run keeps the files of every changing step, so its session replays with them', async () => {
    const task = tasks.find((entry) => entry.id === 'patch-one-line')!;
    const { session, events, files, snapshots } = await run(task, { kind: 'reference' }, backends.offline);
    expect(snapshots?.[0]).toEqual({ step: 0, files: task.files });
    // The patch changed src/pager.js; the snapshot after it shows the fix, taken before the run ended.
    const patched = snapshots!.find((snapshot) => snapshot.files['src/pager.js'] !== task.files['src/pager.js']);
    expect(patched?.files['src/pager.js']).toContain('Math.ceil(items / perPage)');
    expect(patched!.step).toBeLessThan(session!.history.length);
    const imported = importTrajectory(
      exportTrajectory({ session: session!, events, tasks: [], files: files!, snapshots: snapshots! }),
    );
    expect(imported.ok && imported.trajectory.snapshots?.map((snapshot) => snapshot.step)).toEqual(
      snapshots!.map((snapshot) => snapshot.step),
    );
  });
});
