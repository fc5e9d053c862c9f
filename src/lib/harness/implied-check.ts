/**
 * L3, knowing when to stop (issue 32): a done-check the task implies, in every profile (it began
 * in the small one; the 1.5B model does better in the default profile, and answered "done" there
 * with the tests failing too: failing-test-pass 0 of 3, qwen-1.5b-default-rung2). A task that
 * speaks of tests, in a project that has test files, is not done while they fail — yet
 * Qwen2.5-Coder-1.5B answered "done" on rung-2 tasks with the tests still failing (add-default,
 * failing-test-pass).
 * With no verification command of the session's own, the harness runs the project's test
 * files (`node --test …`) before it accepts a final answer, as the done-check would, and the
 * failure goes back to the model. The check is the project's visible tests, never the eval's
 * hidden one; at most `maxRejections` answers are sent back, so a model that cannot make them
 * pass still ends the run with its answer (and the events say the tests failed). A run of
 * `npm test` in a project without a test script is told the command that runs its tests.
 */
import type { LoopExtension } from './loop-extension';
import type { ReadonlyWorkspace } from './workspace-types';
import { checkFinal } from './done-check';
import { regressionTracker } from './test-regression';

/** Where test files are looked for, and how many are run at most. */
const testFolders = ['test', 'tests', '.'];
const maxFiles = 20;
export const maxRejections = 3;
const testFile = /\.test\.(?:js|mjs|cjs)$/;
/** A task that speaks of tests ("make the tests pass", "without changing the test"). */
export const speaksOfTests = /\btests?\b/i;

/** The project's test files, `test/x.test.js` style, in a stable order (bounded). */
export async function projectTests(workspace: ReadonlyWorkspace): Promise<string[]> {
  const found: string[] = [];
  for (const folder of testFolders) {
    const entries = await workspace.readdir(folder).catch(() => []);
    for (const entry of entries)
      if (entry.kind === 'file' && testFile.test(entry.name))
        found.push(folder === '.' ? entry.name : `${folder}/${entry.name}`);
  }
  return found.sort().slice(0, maxFiles);
}

/** The command the task implies, or undefined when it implies none. */
export async function impliedCommand(task: string, workspace: ReadonlyWorkspace): Promise<string | undefined> {
  if (!speaksOfTests.test(task)) return undefined;
  const files = await projectTests(workspace);
  return files.length ? nodeTestCommand(files) : undefined;
}

/**
 * `node --test` on the files; paths come from the workspace's own listing, quoted so a name
 * cannot add shell syntax.
 */
export function nodeTestCommand(files: readonly string[]): string {
  return `node --test ${files.map((file) => `'${file.replace(/'/g, `'\\''`)}'`).join(' ')}`;
}

export function impliedCheck(): LoopExtension {
  const note = regressionTracker();
  let rejected = 0;
  /** The command, looked up once at the first request (undefined: none; null: not yet). */
  let known: string | undefined | null = null;
  return {
    name: 'implied-check',
    async beforeRequest(_request, { context }) {
      if (known === null) known = await impliedCommand(context.task, context.options.workspace);
      return { kind: 'go' };
    },
    // The same models run `npm test` in a project with no test script, and then write one
    // (`"test": "jest"`): the failure says how this project's tests run. Told only "they run
    // with …", Qwen2.5-Coder-1.5B wrote that command into package.json as a fragment that is not
    // JSON, in 2 runs of 9 (rung 2): so the line says to run it, and that package.json stays.
    afterToolResult({ call, content }) {
      if (call.name !== 'run_shell' || !known || !/no script "test"/.test(content)) return undefined;
      return `This project's tests run with: ${known} — run that command itself; package.json needs no change.`;
    },
    async beforeFinal(_answer, scope) {
      const { session, options, task } = scope.context;
      // The session's own check (the done-check) decides where there is one.
      if (session.settings.verifyCommand || rejected >= maxRejections) return { kind: 'accept' };
      const command = await impliedCommand(task, options.workspace);
      if (!command) return { kind: 'accept' };
      const because =
        `the task speaks of tests and the project's tests failed (\`${command}\`; ` +
        `answer ${rejected + 1} of ${maxRejections} sent back)`;
      const verdict = await checkFinal(scope, command, {
        reason: 'implied-check',
        during: 'the tests the task implies',
        because,
        note,
      });
      if (verdict.kind === 'reject') rejected++;
      return verdict;
    },
  };
}
