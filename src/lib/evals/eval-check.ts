/**
 * O2: the task's check on the files a run left. What it runs on is put in place by the harness,
 * not taken from the model: the task board, protected files and the hidden assertions.
 */
import type { ExecResult, Workspace } from '../harness/workspace-types';
import type { MemoryTaskStore } from '../store/memory-task-store';
import type { EvalTask } from './eval-task';
import { isProtected } from './eval-task';

/**
 * What the check runs on is not the model's to forge: the task board as the harness kept it,
 * protected files with the task's own content (recreated if deleted), and the hidden assertions,
 * which the model never saw. Like SWE-bench applying the test patch after the model's patch.
 */
async function prepareCheck(workspace: Workspace, task: EvalTask, board: string): Promise<void> {
  await workspace.mkdir('.harness');
  await workspace.writeFile('.harness/tasks.json', board);
  const restore = Object.entries(task.files).filter(([path]) => isProtected(task.protect, path));
  for (const [path, content] of [...restore, ...Object.entries(task.hidden)]) {
    // Whatever the model put in the way (a file where a folder was, a folder or link where the
    // file was) is removed first, or the write would fail and the check could not run.
    const parts = path.split('/');
    for (let end = 1; end <= parts.length; end++) {
      const at = parts.slice(0, end).join('/');
      const stat = await workspace.stat(at);
      const wanted = end === parts.length ? 'file' : 'directory';
      if (stat && stat.kind !== wanted) await workspace.remove(at);
    }
    if (parts.length > 1) await workspace.mkdir(parts.slice(0, -1).join('/'));
    await workspace.writeFile(path, content);
  }
}

export type CheckRun = Pick<ExecResult, 'exitCode' | 'stdout' | 'stderr' | 'timedOut'>;

/** The task's check on the files the run left, with its hidden files put back first. */
export async function runCheck(
  workspace: Workspace,
  run: { task: EvalTask; onCheck?: () => void },
  tasks: MemoryTaskStore,
): Promise<CheckRun> {
  // A workspace the model left so broken that the check's files cannot be put back fails the
  // check; it is the model's doing, not a crash of the run.
  const prepared = await prepareCheck(workspace, run.task, JSON.stringify(await tasks.list())).then(
    () => undefined,
    (error: Error) => `the check's files could not be put in place: ${error.message}`,
  );
  // P2: the server starts reading the next run's prefix while this run's check executes.
  run.onCheck?.();
  return prepared
    ? { exitCode: -1, stdout: '', stderr: prepared, timedOut: false }
    : workspace.exec(run.task.check, { timeoutMs: 120_000 });
}
