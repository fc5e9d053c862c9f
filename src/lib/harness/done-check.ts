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
  return {
    kind: 'failed',
    notice: `Runtime notice: ${
      options.headline ??
      `the answer was not accepted because ${options.because ?? `the check \`${command}\` failed`}. ` +
        'Fix the problem, then answer again.'
    }\n${clip(formatExecResult(result, checkTimeoutMs / 1000), 3000)}`,
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
  how: { reason: string; during: string; because?: string; headline?: string },
): Promise<FinalVerdict> {
  const { options, signal, recorder } = context;
  if (!setup.writable || !isWritable(options.workspace)) return { kind: 'accept' };
  const emit = recorder.emit.bind(recorder);
  const { because, headline } = how;
  const check = await runDoneCheck({ workspace: options.workspace, command, step, signal, emit, because, headline });
  if (check.kind === 'passed') return { kind: 'accept' };
  if (check.kind === 'aborted')
    return {
      kind: 'stop',
      outcome: stopOutcome(context) ?? { kind: 'aborted', message: `stopped during ${how.during}` },
    };
  return { kind: 'reject', reason: how.reason, notice: check.notice };
}

/** L3 as a loop extension: the last word on a final answer, after the other extensions accepted it. */
export const doneCheck: LoopExtension = {
  name: 'done-check',
  async beforeFinal(_answer, scope) {
    const command = scope.context.session.settings.verifyCommand;
    if (!command) return { kind: 'accept' };
    return checkFinal(scope, command, { reason: 'done-check', during: 'the done-check' });
  },
};
