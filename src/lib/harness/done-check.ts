/**
 * L3: the environment decides "done". A session's verification command runs after a final
 * answer; the answer stands only when it passes, otherwise its output goes back to the model.
 * Both outcomes are events; a check cut short by a stop is neither passed nor failed.
 */
import type { HarnessEventBody } from './events';
import type { Workspace } from './workspace-types';
import type { FinalVerdict, LoopExtension, StepScope } from './loop-extension';
import { stopOutcome } from './step-scope';
import { isWritable } from './workspace-views';
import { formatExecResult } from './tools/run-shell';
import { clip } from './context/clip';
import { regressionTracker } from './test-regression';

export type CheckResult = { kind: 'passed' } | { kind: 'failed'; notice: string } | { kind: 'aborted' };

export const checkTimeoutMs = 120_000;

export async function runDoneCheck(options: {
  workspace: Workspace;
  command: string;
  step: number;
  signal: AbortSignal;
  emit: (body: HarnessEventBody) => void;
  /** Why the answer was sent back, when it is not the session's check (the small profile's). */
  because?: string;
  /** The notice's first sentence, when what is refused is not an answer (finish-on-repeat). */
  headline?: string;
  /** A line to add about the output (`test-regression.ts`: tests this check broke). */
  note?: (output: string) => string | undefined;
}): Promise<CheckResult> {
  const { workspace, command, step, emit } = options;
  emit({ type: 'check.started', step, command });
  const result = await workspace.exec(command, { timeoutMs: checkTimeoutMs, signal: options.signal });
  const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
  emit({
    type: 'check.finished',
    step,
    command,
    passed,
    exitCode: result.exitCode,
    aborted: result.aborted,
    durationMs: result.durationMs,
  });
  if (result.aborted || options.signal.aborted) return { kind: 'aborted' };
  if (passed) return { kind: 'passed' };
  const output = formatExecResult(result, checkTimeoutMs / 1000);
  const note = options.note?.(output);
  return {
    kind: 'failed',
    notice: `Runtime notice: ${
      options.headline ??
      `the answer was not accepted because ${options.because ?? `the check \`${command}\` failed`}. ` +
        'Fix the problem, then answer again.'
    }\n${note ? `${note}\n` : ''}${clip(output, 3000)}`,
  };
}

/**
 * A final answer checked by `command`: accepted when it passes (or when the run cannot write, so
 * nothing it did could be checked), sent back with the output when it fails, the run stopped when
 * the check was. Shared by the session's done-check and the small profile's implied one.
 */
export async function checkFinal(
  { context, setup, step }: StepScope,
  command: string,
  how: {
    reason: string;
    during: string;
    because?: string;
    headline?: string;
    note?: (output: string) => string | undefined;
  },
): Promise<FinalVerdict> {
  const { options, signal, recorder } = context;
  if (!setup.writable || !isWritable(options.workspace)) return { kind: 'accept' };
  const emit = recorder.emit.bind(recorder);
  const { because, headline, note } = how;
  const check = await runDoneCheck({
    workspace: options.workspace,
    command,
    step,
    signal,
    emit,
    because,
    headline,
    note,
  });
  if (check.kind === 'passed') return { kind: 'accept' };
  if (check.kind === 'aborted')
    return {
      kind: 'stop',
      outcome: stopOutcome(context) ?? { kind: 'aborted', message: `stopped during ${how.during}` },
    };
  return { kind: 'reject', reason: how.reason, notice: check.notice };
}

/** The same answer, told apart from another by its words, not its spacing or case. */
const sameText = (answer: string): string => answer.replace(/\s+/g, ' ').trim().toLowerCase();

/** Answers given in a row, the same and with nothing changed between, before the run stops. */
export const sameAnswersBeforeStop = 3;

/**
 * L3 as a loop extension: the last word on a final answer, after the other extensions accepted
 * it. An answer loop is broken, not fed: Qwen2.5-Coder-1.5B (done-check, qwen-1.5b-default-v2 and
 * -v3) gave the same answer nine times in a row, changing nothing, and got the same failing
 * output back each time until the step limit. The second time an answer comes back unchanged
 * with no file written and no command run since, the notice says so and what to do instead; the
 * third time the run stops with a `repeats` limit that says why.
 */
export function doneCheck(): LoopExtension {
  const note = regressionTracker();
  let rejected: string | undefined;
  let changedSince = false;
  let sameInARow = 0;
  return {
    name: 'done-check',
    // The round says whether files may have changed: a write did, or a command ran (it may have).
    afterTools({ changedFiles }) {
      if (changedFiles) changedSince = true;
    },
    async beforeFinal(answer, scope) {
      const command = scope.context.session.settings.verifyCommand;
      if (!command) return { kind: 'accept' };
      const verdict = await checkFinal(scope, command, { reason: 'done-check', during: 'the done-check', note });
      if (verdict.kind !== 'reject') return verdict;
      const same = rejected === sameText(answer) && !changedSince;
      sameInARow = same ? sameInARow + 1 : 1;
      rejected = sameText(answer);
      changedSince = false;
      if (sameInARow >= sameAnswersBeforeStop)
        return {
          kind: 'stop',
          outcome: {
            kind: 'limit',
            limit: 'repeats',
            message:
              `the model gave the same final answer ${sameInARow} times in a row while \`${command}\` failed, ` +
              'changing and running nothing between them',
          },
        };
      if (sameInARow < 2) return verdict;
      return {
        ...verdict,
        notice:
          'Runtime notice: this answer was sent back before, and nothing was changed or run since, so the check ' +
          'fails as it did. Giving it again will not pass: read the failing test and the code it tests, ' +
          `change the code, run \`${command}\` yourself, then answer.\n${verdict.notice}`,
      };
    },
  };
}
