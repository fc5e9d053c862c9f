/**
 * The project's own tests, as the harness finds them: `*.test.js` files in test/, tests/ or the
 * root, run with `node --test`. A task "speaks of tests" when it says the word; such a task in a
 * project with test files implies a check (implied-check), and the tests are the project's
 * visible ones, never an eval's hidden check.
 */
import type { ReadonlyWorkspace } from '../workspace-types';

/** Where test files are looked for, and how many are run at most. */
const testFolders = ['test', 'tests', '.'];
const maxFiles = 20;
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

/**
 * `node --test` on the files; paths come from the workspace's own listing, quoted so a name
 * cannot add shell syntax.
 */
export function nodeTestCommand(files: readonly string[]): string {
  return `node --test ${files.map((file) => `'${file.replace(/'/g, `'\\''`)}'`).join(' ')}`;
}

/** The command the task implies, or undefined when it implies none. Never throws. */
export async function impliedCommand(task: string, workspace: ReadonlyWorkspace): Promise<string | undefined> {
  if (!speaksOfTests.test(task)) return undefined;
  const files = await projectTests(workspace).catch(() => []);
  return files.length ? nodeTestCommand(files) : undefined;
}

/** A shell command that runs tests: `npm test`, `npm run test`, `node --test …` (one pattern for every rule). */
export const runsTests = /^\s*(?:npm\s+(?:test|t|run\s+test|run-script\s+test)\b|node\s+--test\b)/;
