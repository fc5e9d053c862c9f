/**
 * L3: an answer that says it changed something, in a run that changed nothing, goes back once. Only
 * in a task that asks for a change and is not a question; not when the answer says nothing needed
 * changing, nor when a change was refused by the person (the answer saying so is the answer) or a
 * command ran that may have made it; not the instructions' example answer (echoed-answer's), nor in
 * a task a check decides (the session's verification command, or the tests the task speaks of: the
 * check's failure says more).
 */
import type { Rule } from '../rules/rule';
import { impliedCommand } from '../facts/test-command';
import { isExampleAnswer } from './echoed-answer';
import { claimsUnmadeChange } from '../facts/answer-flags';

const id = 'claimed-change';

export const claimedChange: Rule = {
  id,
  principle: 'An answer that claims a change in a run that changed nothing goes back once.',
  layer: 'pack',
  decides: true,
  reads: ['task', 'calls', 'answers', 'settings', 'workspace'],
  priority: 280,
  async beforeFinal(answer, { context, facts }) {
    if (facts.sentBack(id) > 0 || !claimsUnmadeChange(facts.task, answer, facts.calls)) return { kind: 'accept' };
    // The instructions' example answer is echoed-answer's; a check's own report says more than this.
    if (isExampleAnswer(answer) || context.session.settings.verifyCommand) return { kind: 'accept' };
    if (await impliedCommand(facts.task, context.options.workspace)) return { kind: 'accept' };
    return {
      kind: 'reject',
      reason: id,
      notice:
        'Runtime notice: your answer says you changed something, but no file has been changed in this run, ' +
        'so it was not accepted. Make the change with patch_file or write_file, then answer; if nothing ' +
        'needs changing, say so.',
    };
  },
};
