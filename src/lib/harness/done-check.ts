/**
 * L3: the environment decides "done". A session's verification command runs after a final
 * answer; the answer stands only when it passes, otherwise its output goes back to the model.
 * T9: the check is the harness's own command and meets the run_shell gate (tools/harness-commands.ts);
 * a check that may not run leaves the answer standing, and the outcome says it went unchecked.
 * Every check is an event and a fact; a check cut short by a stop is neither passed nor failed.
 */
import type { FinalVerdict, Rule, StepScope } from './rules/rule';
import { stopOutcome } from './step-scope';
import { formatExecResult } from './tools/run-shell';
import { clip } from './context/clip';
import { regressionNote, testStates } from './facts/test-states';
import { projectTests } from './facts/test-command';

export type CheckResult =
  { kind: 'passed' } | { kind: 'failed'; notice: string } | { kind: 'aborted' } | { kind: 'not-run'; reason: string };

export const checkTimeoutMs = 120_000;

/**
 * Runs `command` through the gate; when it fails, its output goes back, with the tests that
 * traded places since the last check.
 */
export async function runDoneCheck(
  scope: StepScope,
  command: string,
  how: {
    /** Why the answer was sent back, when it is not the session's check (the small profile's). */
    because?: string;
    /** The notice's first sentence, when what is refused is not an answer (finish-on-repeat). */
    headline?: string;
    /** Why the harness runs it, said to a person asked to approve it. */
    purpose: string;
  },
): Promise<CheckResult> {
  const { context, setup, step, facts } = scope;
  const { recorder, signal, options } = context;
  const runs = /^node\s+--test\b/.test(command) ? await projectTests(options.workspace).catch(() => []) : [];
  recorder.emit({ type: 'check.started', step, command });
  const ran = await setup.commands.run({
    kind: 'check',
    command,
    purpose: how.purpose,
    runs,
    step,
    timeoutMs: checkTimeoutMs,
    signal,
  });
  if (ran.kind === 'not-run') {
    recorder.emit({ type: 'check.not-run', step, command, reason: ran.reason });
    facts.addCheck({ step, command, ran: false, passed: false, refused: ran.reason });
    return { kind: 'not-run', reason: ran.reason };
  }
  const { result } = ran;
  const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
  recorder.emit({
    type: 'check.finished',
    step,
    command,
    passed,
    exitCode: result.exitCode,
    aborted: result.aborted,
    durationMs: result.durationMs,
  });
  if (result.aborted || signal.aborted) return { kind: 'aborted' };
  const output = formatExecResult(result, checkTimeoutMs / 1000);
  const tests = testStates(output);
  const note = regressionNote(facts.lastTestStates, tests);
  facts.addCheck({ step, command, ran: true, passed, ...(tests ? { tests } : {}) });
  if (passed) return { kind: 'passed' };
  return {
    kind: 'failed',
    notice: `Runtime notice: ${
      how.headline ??
      `the answer was not accepted because ${how.because ?? `the check \`${command}\` failed`}. ` +
        'Fix the problem, then answer again.'
    }\n${note ? `${note}\n` : ''}${clip(output, 3000)}`,
  };
}

/**
 * A final answer checked by `command`: accepted when it passes, or when the check may not run (the
 * outcome says so), sent back with the output when it fails, the run stopped when the check was.
 * Shared by the session's done-check, the implied one and the small profile's finishes.
 */
export async function checkFinal(
  scope: StepScope,
  command: string,
  how: { reason: string; during: string; because?: string; headline?: string; purpose?: string },
): Promise<FinalVerdict> {
  const check = await runDoneCheck(scope, command, {
    ...(how.because ? { because: how.because } : {}),
    ...(how.headline ? { headline: how.headline } : {}),
    purpose: how.purpose ?? `${how.during}, before the answer is accepted`,
  });
  if (check.kind === 'passed' || check.kind === 'not-run') return { kind: 'accept' };
  if (check.kind === 'aborted')
    return {
      kind: 'stop',
      outcome: stopOutcome(scope.context) ?? { kind: 'aborted', message: `stopped during ${how.during}` },
    };
  return { kind: 'reject', reason: how.reason, notice: check.notice };
}

/** The same answer, told apart from another by its words, not its spacing or case. */
const sameText = (answer: string): string => answer.replace(/\s+/g, ' ').trim().toLowerCase();

/** Answers given in a row, the same and with nothing changed between, before the run stops. */
export const sameAnswersBeforeStop = 3;

const id = 'done-check';

/**
 * L3 as a rule: the last word on a final answer, after the other rules accepted it. An answer loop
 * is broken, not fed: the second time an answer comes back unchanged with no file written and no
 * command run since, the notice says so and what to do instead; the third time the run stops with
 * a `repeats` limit that says why.
 */
export const doneCheck: Rule = {
  id,
  principle: "A final answer stands only when the session's verification command passes.",
  layer: 'core',
  decides: true,
  reads: ['settings', 'answers', 'calls', 'checks'],
  priority: 310,
  async beforeFinal(answer, scope) {
    const command = scope.context.session.settings.verifyCommand;
    if (!command) return { kind: 'accept' };
    const verdict = await checkFinal(scope, command, { reason: id, during: 'the done-check' });
    if (verdict.kind !== 'reject') return verdict;
    const inARow = sameAnswersInARow(scope, answer) + 1;
    if (inARow >= sameAnswersBeforeStop)
      return {
        kind: 'stop',
        outcome: {
          kind: 'limit',
          limit: 'repeats',
          message:
            `the model gave the same final answer ${inARow} times in a row while \`${command}\` failed, ` +
            'changing and running nothing between them',
        },
      };
    if (inARow < 2) return verdict;
    return {
      ...verdict,
      notice:
        'Runtime notice: this answer was sent back before, and nothing was changed or run since, so the check ' +
        'fails as it did. Giving it again will not pass: read the failing test and the code it tests, ' +
        `change the code, run \`${command}\` yourself, then answer.\n${verdict.notice}`,
    };
  },
};

/**
 * How many answers this check sent back just before this one, each the same as it, with nothing
 * changed or run between.
 */
function sameAnswersInARow({ facts }: StepScope, answer: string): number {
  const mine = facts.answers.filter((each) => each.sentBackBy === id);
  let count = 0;
  for (let index = mine.length - 1; index >= 0; index--) {
    const each = mine[index];
    if (sameText(each.answer) !== sameText(answer) || facts.filesMayHaveChanged(each.step + 1)) break;
    count++;
  }
  return count;
}
