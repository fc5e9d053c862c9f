/**
 * O4: the small profile's per-reply grammar chooses the schema of each constrained reply (only
 * real tools and paths, no repeat of the last call, the answer only once something worked); prose
 * is no final answer while no tool call has worked (counted like an unparseable reply, so it is
 * bounded); a result that changed files ends with a nudge to finish.
 */
import type { Rule } from '../rules/rule';
import { stepEnvelope } from './step-envelope';
import { stepChoices } from './step-choices';

export const nothingDoneNotice =
  'Runtime notice: no tool call has worked yet, so this is not accepted as the final answer. ' +
  'Do the task with a tool first.';

export const finishNudge = 'If that completes the task, give the final answer now.';

export const smallProfile: Rule = {
  id: 'small-profile',
  principle:
    'Each constrained reply may name only real tools and paths, not repeat the last call, ' +
    'and answer only once a call has worked.',
  layer: 'pack',
  decides: true,
  reads: ['task', 'calls', 'workspace', 'tools'],
  priority: 40,
  async beforeRequest({ format }, scope) {
    return format ? { kind: 'go', format: stepEnvelope(scope.setup.tools, await stepChoices(scope)) } : { kind: 'go' };
  },
  async beforeFinal(_answer, { facts }) {
    return facts.anyToolWorked
      ? { kind: 'accept' }
      : { kind: 'reject', reason: 'nothing-done', notice: nothingDoneNotice, formatError: true };
  },
  // Not after a write that dropped lines the file had: "give the final answer now" would
  // contradict the result's own "if they should stay, write them too".
  afterToolResult: ({ changed, droppedLines }) => (changed && !droppedLines ? finishNudge : undefined),
};
