/**
 * O4 as a loop extension: the small profile's per-reply grammar (`StepChoices`) chooses the schema
 * of each constrained reply; prose is no final answer while no tool call has worked (counted like
 * an unparseable reply, so it is bounded); a result that changed files ends with a nudge to
 * finish (a small model that has just written the file tends to write it again, and again).
 */
import type { LoopExtension } from '../loop-extension';
import type { LoopContext } from '../loop-context';
import type { RunSetup } from '../run-setup';
import { StepChoices } from './step-choices';

export const nothingDoneNotice =
  'Runtime notice: no tool call has worked yet, so this is not accepted as the final answer. ' +
  'Do the task with a tool first.';

export const finishNudge = 'If that completes the task, give the final answer now.';

export function smallProfile(context: LoopContext, setup: RunSetup): LoopExtension {
  const task = context.session.memory.task || context.task;
  const choices = new StepChoices(setup.tools, context.options.workspace, task, setup.paths);
  return {
    name: 'small-profile',
    beforeRequest: async ({ format }) => (format ? { kind: 'go', format: await choices.envelope() } : { kind: 'go' }),
    beforeFinal: async () =>
      choices.worked
        ? { kind: 'accept' }
        : { kind: 'reject', reason: 'nothing-done', notice: nothingDoneNotice, formatError: true },
    // Not after a write that dropped lines the file had: "give the final answer now" would
    // contradict the result's own "if they should stay, write them too".
    afterToolResult: ({ changed, droppedLines }) => (changed && !droppedLines ? finishNudge : undefined),
    afterTools: ({ calls, changedFiles, allFailed }) => choices.afterRound(calls, { changedFiles, allFailed }),
  };
}
