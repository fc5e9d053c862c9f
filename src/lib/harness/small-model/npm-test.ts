/**
 * `npm test` in a project whose package.json has no test script runs the project's test files
 * instead, and says so: the command the model meant runs, as a rewritten call — validated,
 * checked for repeats and approved like any other (the person approving sees `node --test …`).
 */
import type { Rule } from '../rules/rule';
import type { ReadonlyWorkspace } from '../workspace-types';
import { nodeTestCommand, projectTests } from '../facts/test-command';

/** `npm test`, `npm t`, `npm run test`, `npm run-script test`, with nothing after. */
const npmTest = /^\s*npm\s+(?:test|t|run\s+test|run-script\s+test)\s*$/;

async function hasTestScript(workspace: ReadonlyWorkspace): Promise<boolean> {
  const text = await workspace.readFile('package.json').catch(() => undefined);
  if (text === undefined) return false;
  try {
    const scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts;
    return typeof scripts?.test === 'string';
  } catch {
    // A package.json that is not JSON: npm fails on it, and that failure is worth reading.
    return true;
  }
}

export const npmTestRuns: Rule = {
  id: 'npm-test',
  principle: "`npm test` in a project without a test script runs the project's test files instead, and says so.",
  layer: 'pack',
  decides: true,
  reads: ['workspace'],
  priority: 110,
  async rewriteTool(call, { context }) {
    const command = (call.arguments as { command?: unknown } | undefined)?.command;
    if (call.name !== 'run_shell' || typeof command !== 'string' || !npmTest.test(command)) return undefined;
    const workspace = context.options.workspace;
    if (await hasTestScript(workspace)) return undefined;
    const files = await projectTests(workspace);
    if (files.length === 0) return undefined;
    const instead = nodeTestCommand(files);
    return {
      call: { ...call, arguments: { ...(call.arguments as object), command: instead } },
      note: `package.json has no test script, so \`${command.trim()}\` ran the project's tests as \`${instead}\`:`,
    };
  },
};
