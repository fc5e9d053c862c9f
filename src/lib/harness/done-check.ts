/**
 * L3: the environment decides "done". A session's verification command runs after a final
 * answer; the answer stands only when it passes, otherwise its output goes back to the model.
 * Both outcomes are events; a check cut short by a stop is neither passed nor failed.
 */
import type { HarnessEventBody } from './events';
import type { Workspace } from './workspace-types';
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
    notice:
      `Runtime notice: the answer was not accepted because the check ` +
      `\`${command}\` failed. Fix the problem, then answer ` +
      `again.\n${clip(formatExecResult(result, checkTimeoutMs / 1000), 3000)}`,
  };
}
