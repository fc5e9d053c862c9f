/**
 * O4, knowing when to stop: in a task that speaks of tests, the model's own run of the tests
 * passing after it changed files is the task done. Seen on Qwen2.5-Coder-1.5B
 * (qwen-1.5b-guards-repeat, fix-off-by-one): it fixed src/range.js, ran `npm test` — "pass 1,
 * fail 0" — and went on: read the test, ran it again, tried to change the test, to the step
 * limit; three of the seven rung-2 passes ended so, at the limit. When a command of the model's
 * that runs tests succeeds, with files changed since the run began, the run ends with an answer
 * the harness writes, once the tests the task implies pass (harness-finish.ts runs them).
 */
import type { LoopExtension } from '../loop-extension';
import { finishUnlessFailing } from './harness-finish';
import { impliedCommand } from '../implied-check';

/** A command that runs tests: `npm test`, `npm run test`, `node --test …`. */
const runsTests = /^\s*(?:npm\s+(?:test|t|run\s+test)\b|node\s+--test\b)/;

export function testsPassStop(): LoopExtension {
  let changedFiles = false;
  let passed = false;
  return {
    name: 'tests-pass-stop',
    afterToolResult({ call, ok, changed }) {
      if (changed) changedFiles = true;
      const command = (call.arguments as { command?: unknown } | undefined)?.command;
      if (call.name === 'run_shell' && ok && typeof command === 'string' && runsTests.test(command)) passed = true;
      return undefined;
    },
    async afterTools(_round, scope) {
      const ready = passed && changedFiles;
      passed = false;
      if (!ready) return undefined;
      const { context } = scope;
      const task = context.session.memory.task || context.task;
      const implied = await impliedCommand(task, context.options.workspace).catch(() => undefined);
      if (!implied) return undefined;
      const ended = await finishUnlessFailing(scope, {
        command: context.session.settings.verifyCommand || implied,
        reason: 'tests-pass',
        answer: "The project's tests pass after the model's change, so the work is taken as done.",
        unfinished: (command) => `the tests you ran passed, but \`${command}\` fails. Read its output and fix that.`,
      });
      return ended === 'failing' ? undefined : ended;
    },
  };
}
