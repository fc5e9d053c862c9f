/**
 * O4, knowing when to stop: a small model that has done the task keeps going. Seen on
 * Qwen2.5-Coder-0.5B: it writes the right file at step 1, then writes it again, is refused as a
 * repeat, and goes on until it undoes the work. In this round's screen it also cycled — write the
 * file, read it, read a neighbour, write the same file again — until the step limit, 6 runs of 6
 * (constrained, small). A model that makes its last change again, exactly, with only reads in
 * between, has nothing new to do: the run ends there with a final answer the harness writes (and
 * says so), and the environment's check decides, as for any answer.
 *
 * Unless the run's own check says the work is not done: that answer would skip the done-check
 * (L3) and the check the task implies, which see only the model's answers — and in the rung-2
 * sweeps the 1.5B model's runs ended so with the tests failing. Where the session has a check,
 * or the task implies one, it runs first; when it fails, the run goes on with its output.
 */
import type { LoopExtension, StepScope } from '../loop-extension';
import type { Outcome } from '../outcome';
import type { ToolCall } from '../model-types';
import { stableJson } from '../stable-json';
import { checkFinal } from '../done-check';
import { notice } from '../step-scope';
import { impliedCommand } from './implied-check';

const keyOf = (call: ToolCall) => `${call.name}:${stableJson(call.arguments)}`;
/** Tools whose same call twice leaves the files as once. */
const idempotent = new Set(['write_file']);

export function finishOnRepeat(): LoopExtension {
  /** The last call that worked and changed files. */
  let lastChange: { key: string; call: ToolCall } | undefined;
  let finished: ToolCall | undefined;
  return {
    name: 'finish-on-repeat',
    afterToolResult({ call, ok, changed, repeated }) {
      const again = lastChange?.key === keyOf(call);
      // Refused as a repeat, or run again to no effect (a write of the same text, or a call that
      // changed nothing): the same change, made already. An append run twice is new work, not this.
      if (again && (repeated || (ok && (!changed || idempotent.has(call.name))))) finished = lastChange!.call;
      else if (ok && changed) lastChange = { key: keyOf(call), call };
      // A read keeps the last change in view; a failure or another kind of step ends the streak.
      else if (!ok && !repeated) lastChange = undefined;
      return undefined;
    },
    async afterTools(_round, scope) {
      if (!finished) return undefined;
      const path = (finished.arguments as { path?: unknown } | undefined)?.path;
      const what = typeof path === 'string' ? `${finished.name} on ${path}` : finished.name;
      finished = undefined;
      const check = await checkBeforeFinishing(scope, what);
      if (check.kind === 'stop') return check;
      if (check.kind === 'failing') {
        lastChange = undefined;
        return undefined;
      }
      const text = `The model repeated its last change (${what}) exactly, so the work is taken as done.`;
      scope.context.recorder.emit({
        type: 'notice',
        step: scope.step,
        reason: 'finished',
        text: `Runtime notice: ${text}`,
      });
      return { kind: 'stop', outcome: { kind: 'final', answer: `(given by the harness) ${text}` } };
    },
  };
}

/**
 * The session's check, else the one the task implies, run before the harness ends the run: a
 * failure goes to the model as a notice (the run goes on); a stop during it stops the run.
 */
async function checkBeforeFinishing(
  scope: StepScope,
  what: string,
): Promise<{ kind: 'done' } | { kind: 'failing' } | { kind: 'stop'; outcome: Outcome }> {
  const { session, options, task } = scope.context;
  const command =
    session.settings.verifyCommand ||
    (await impliedCommand(session.memory.task || task, options.workspace).catch(() => undefined));
  if (!command) return { kind: 'done' };
  const verdict = await checkFinal(scope, command, {
    reason: 'finish-on-repeat',
    during: 'the check before finishing',
    headline:
      `you made your last change (${what}) again, exactly, but the work is not done: ` +
      `\`${command}\` fails. Read its output and change something else.`,
  });
  if (verdict.kind === 'stop') return verdict;
  if (verdict.kind === 'accept') return { kind: 'done' };
  await notice(scope, 'unfinished-repeat', verdict.notice);
  return { kind: 'failing' };
}
