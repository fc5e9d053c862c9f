/**
 * What a task says about the workspace when the run starts: the files it names that are there
 * (with their text, bounded) and the ones it asks to be made. Worked out once per run from the
 * task and the files; a continued run works them out again from the task it continues.
 */
import type { ReadonlyWorkspace } from '../workspace-types';
import { askedPaths, taskFiles } from './task-files';
import { impliedCommand } from './test-command';

export interface StartFacts {
  /** Files the task names that are there. */
  named: string[];
  /** Paths the task names with nothing there. */
  missing: string[];
  /** The missing paths the task asks to be made (task-files' askedPaths). */
  asked: string[];
  /** The text of each named file at the start (bounded), by path. */
  texts: ReadonlyMap<string, string>;
  /** The command that runs the project's tests, when the task speaks of tests and there are test files. */
  testCommand?: string;
}

export const emptyStart: StartFacts = { named: [], missing: [], asked: [], texts: new Map() };

const readChars = 100_000;
const readFiles = 8;

/** Never throws: a workspace that cannot be read says nothing about the task. */
export async function startFacts(task: string, workspace: ReadonlyWorkspace): Promise<StartFacts> {
  if (!task.trim()) return emptyStart;
  const { there, missing } = await taskFiles(task, workspace).catch(() => ({ there: [], missing: [] }));
  const texts = new Map<string, string>();
  for (const path of there.slice(0, readFiles)) {
    const text = await workspace.readFile(path).catch(() => undefined);
    if (text !== undefined) texts.set(path, text.slice(0, readChars));
  }
  const testCommand = await impliedCommand(task, workspace);
  return {
    named: there,
    missing,
    asked: askedPaths(task, missing),
    texts,
    ...(testCommand ? { testCommand } : {}),
  };
}
