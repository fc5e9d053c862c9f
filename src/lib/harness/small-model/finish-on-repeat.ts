/**
 * O4, knowing when to stop: a small model that has done the task keeps going. Seen on
 * Qwen2.5-Coder-0.5B: it writes the right file at step 1, then writes it again, is refused as a
 * repeat, and goes on until it undoes the work. In this round's screen it also cycled — write the
 * file, read it, read a neighbour, write the same file again — until the step limit, 6 runs of 6
 * (constrained, small). A model that makes its last change again, exactly, with only reads in
 * between, has nothing new to do: the run ends there with a final answer the harness writes (and
 * says so), and the environment's check decides, as for any answer.
 *
 * Unless the run's own check says the work is not done (harness-finish.ts): then the run goes on.
 */
import type { LoopExtension } from '../loop-extension';
import type { ToolCall } from '../model-types';
import { stableJson } from '../stable-json';
import { finishUnlessFailing } from './harness-finish';

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
      const ended = await finishUnlessFailing(scope, {
        reason: 'repeat',
        answer: `The model repeated its last change (${what}) exactly, so the work is taken as done.`,
        unfinished: (command) =>
          `you made your last change (${what}) again, exactly, but the work is not done: ` +
          `\`${command}\` fails. Read its output and change something else.`,
      });
      if (ended !== 'failing') return ended;
      lastChange = undefined;
      return undefined;
    },
  };
}
