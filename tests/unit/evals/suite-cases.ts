/**
 * O2: the check of one task, as every suite file runs it: its reference passes, a do-nothing model
 * and every shortcut fail (each shortcut's replies all run), on the offline workspace or a real
 * directory. The suite's own tasks and the generated pool's are checked in separate files so that
 * the test runner spreads them over the cores.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { loadEvals } from '../../../src/cli/load-evals';
import type { EvalTask } from '../../../src/lib/evals/eval-task';
import { runEval } from '../../../src/lib/evals/run-eval';
import type { EvalModel, EvalRun } from '../../../src/lib/evals/run-eval';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { restoreFiles } from '../../../src/lib/workspace/workspace-files';
import { analyzeShellCommand } from '../../../src/lib/workspace/shell-command-analyzer';

export const tasks = loadEvals('evals');
const pooled = new Set(readdirSync('evals/pool'));
export const poolTasks = tasks.filter((task) => pooled.has(task.id));
export const suiteTasks = tasks.filter((task) => !pooled.has(task.id));

export const backends = {
  offline: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
  directory: async (files: Record<string, string>) => {
    const workspace = new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-suite-')));
    await restoreFiles(workspace, files);
    return workspace;
  },
};

export const run = (task: EvalTask, model: EvalModel, workspace: EvalRun['workspace']) =>
  runEval({
    task,
    model,
    protocol: 'text',
    preset: { name: 'default', sections: {} },
    repeat: 1,
    workspace,
    analyzeShell: analyzeShellCommand,
  });

export function checkTasks(list: readonly EvalTask[], backend: keyof typeof backends): void {
  const workspace = backends[backend];
  for (const task of list)
    it(`O2 ${task.id} (${backend}): the reference passes; a do-nothing model and every shortcut fail`, async () => {
      const reference = await run(task, { kind: 'reference' }, workspace);
      expect(reference.result.crashed).toBeUndefined();
      expect(
        reference.result.passed,
        `reference: ${reference.result.outcomeDetail}\n${reference.result.checkOutput}`,
      ).toBe(true);
      const noop = await run(task, { kind: 'noop' }, workspace);
      expect(noop.result.passed, `noop passed ${task.id}`).toBe(false);
      for (const shortcut of task.shortcuts) {
        const wrong = await run(task, { kind: 'shortcut', name: shortcut.name }, workspace);
        expect(wrong.result.crashed, shortcut.name).toBeUndefined();
        // Every reply of the shortcut ran: a shortcut that fails only because it broke is no test of the check.
        expect(wrong.result.outcome, `${shortcut.name}: ${wrong.result.outcomeDetail}`).toBe('final');
        expect(wrong.result.passed, `the shortcut "${shortcut.name}" passed ${task.id}`).toBe(false);
      }
    });
}
