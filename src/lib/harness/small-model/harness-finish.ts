/**
 * How a rule ends a run with an answer of the harness's own (finish-on-repeat, circle-stop,
 * tests-pass-stop): only once the session's check, or the one the task implies, passes. Where
 * there is a check and it fails, its output goes to the model, the finish is held back (a fact),
 * and the run goes on; a stop during the check stops the run.
 */
import type { StepScope, ToolsVerdict } from '../rules/rule';
import { checkFinal } from '../done-check';
import { notice } from '../step-scope';
import { impliedCommand } from '../facts/test-command';

/**
 * Ends the run with `answer` (said as the harness's), unless a check fails: then `unfinished`
 * (the notice's first sentence, given the command) and the output go back, and the result is
 * 'failing'.
 */
export async function finishUnlessFailing(
  scope: StepScope,
  // `command`: the check to run, when the caller has worked it out already (else looked up here).
  how: { rule: string; reason: string; answer: string; unfinished: (command: string) => string; command?: string },
): Promise<ToolsVerdict | 'failing'> {
  const { session, options, recorder } = scope.context;
  const command =
    how.command ?? (session.settings.verifyCommand || (await impliedCommand(scope.facts.task, options.workspace)));
  if (command) {
    const verdict = await checkFinal(scope, command, {
      reason: how.reason,
      during: 'the check before finishing',
      headline: how.unfinished(command),
    });
    if (verdict.kind === 'stop') return verdict;
    if (verdict.kind === 'reject') {
      scope.facts.holdBack(how.rule, scope.step);
      await notice(scope, `unfinished-${how.reason}`, verdict.notice);
      return 'failing';
    }
  }
  recorder.emit({ type: 'notice', step: scope.step, reason: 'finished', text: `Runtime notice: ${how.answer}` });
  return { kind: 'stop', outcome: { kind: 'final', answer: `(given by the harness) ${how.answer}` } };
}
