/**
 * L3, a check the task implies: a task that speaks of tests, in a project that has test files, is
 * not done while they fail. With no verification command of the session's own, the harness runs
 * the project's test files (`node --test …`) before it accepts a final answer — through the gate
 * (T9: the person is asked, and told which files run, where the policy asks) — and a failure goes
 * back to the model. The check is the project's visible tests, never an eval's hidden one; at most
 * `maxRejections` answers are sent back, so a model that cannot make them pass still ends the run
 * with its answer. A run of `npm test` in a project without a test script is told the command
 * that runs its tests.
 */
import type { Rule } from './rules/rule';
import { checkFinal } from './done-check';
import { impliedCommand } from './facts/test-command';

const id = 'implied-check';
export const maxRejections = 3;

export const impliedCheck: Rule = {
  id,
  principle: "An answer to a task that speaks of tests goes back, a few times at most, while the project's tests fail.",
  layer: 'pack',
  decides: true,
  reads: ['task', 'answers', 'settings', 'workspace'],
  priority: 290,
  // Told only "they run with …", small models write that command into package.json as a fragment
  // that is not JSON: so the line says to run it, and that package.json stays.
  afterToolResult({ call, content }, { facts, context }) {
    if (call.name !== 'run_shell' || !/no script "test"/.test(content)) return undefined;
    return facts.start.testCommand && !context.session.settings.verifyCommand
      ? `This project's tests run with: ${facts.start.testCommand} — run that command itself; ` +
          'package.json needs no change.'
      : undefined;
  },
  async beforeFinal(_answer, scope) {
    const { context, facts } = scope;
    const rejected = facts.sentBack(id);
    // The session's own check (the done-check) decides where there is one.
    if (context.session.settings.verifyCommand || rejected >= maxRejections) return { kind: 'accept' };
    const command = await impliedCommand(facts.task, context.options.workspace);
    if (!command) return { kind: 'accept' };
    return checkFinal(scope, command, {
      reason: id,
      during: 'the tests the task implies',
      purpose: "the project's tests, which the task speaks of",
      because:
        `the task speaks of tests and the project's tests failed (\`${command}\`; ` +
        `answer ${rejected + 1} of ${maxRejections} sent back)`,
    });
  },
};
