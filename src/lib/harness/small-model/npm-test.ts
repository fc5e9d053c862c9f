/**
 * O4 (issue 32): `npm test` in a project whose package.json has no test script runs the
 * project's test files instead, and says so. Qwen2.5-Coder-1.5B ran `npm test` first in nearly
 * every rung-2 run; where there was no script, told "this project's tests run with: node --test
 * …", it ran `npm test` again and again (five times in add-default), or wrote a test script into
 * package.json — broken JSON twice, the module type dropped once — and never saw the test fail.
 * The command it meant is run, as a rewritten call: validated, checked for repeats and approved
 * like any other (the person approving sees `node --test …`, not `npm test`).
 */
import type { LoopExtension } from '../loop-extension';
import type { ReadonlyWorkspace } from '../workspace-types';
import { nodeTestCommand, projectTests } from '../implied-check';

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

export function npmTestRuns(): LoopExtension {
  return {
    name: 'npm-test',
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
}
