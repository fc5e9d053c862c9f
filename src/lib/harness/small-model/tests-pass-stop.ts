/**
 * In a task that speaks of tests, the model's own run of the tests passing after it changed files
 * is the task done: the run ends with an answer the harness writes, once the tests the task
 * implies pass (harness-finish.ts runs them).
 */
import type { Rule } from '../rules/rule';
import { finishUnlessFailing } from './harness-finish';
import { impliedCommand, runsTests } from '../facts/test-command';

export const testsPassStop: Rule = {
  id: 'tests-pass-stop',
  principle:
    "A run ends when the model's own test command passes after it changed files, once the implied check passes too.",
  layer: 'pack',
  decides: true,
  reads: ['calls', 'task', 'workspace', 'settings'],
  priority: 80,
  async afterTools(_round, scope) {
    const { context, facts, step } = scope;
    const passed = facts.calls.some(
      (call) =>
        call.step === step && call.name === 'run_shell' && call.ok && runsTests.test(String(call.args.command ?? '')),
    );
    if (!passed || facts.changedPaths.length === 0) return undefined;
    const implied = await impliedCommand(facts.task, context.options.workspace);
    if (!implied) return undefined;
    const ended = await finishUnlessFailing(scope, {
      rule: 'tests-pass-stop',
      command: context.session.settings.verifyCommand || implied,
      reason: 'tests-pass',
      answer: "The project's tests pass after the model's change, so the work is taken as done.",
      unfinished: (command) => `the tests you ran passed, but \`${command}\` fails. Read its output and fix that.`,
    });
    return ended === 'failing' ? undefined : ended;
  },
};
