/**
 * O4, knowing when to stop: a small model that has done the task keeps going. Seen on
 * Qwen2.5-Coder-0.5B: it writes the right file at step 1, then writes it again, is refused as a
 * repeat, and goes on until it undoes the work. A model that repeats its last change exactly has
 * nothing new to do: the run ends there with a final answer the harness writes (and says so),
 * and the environment's check decides, as for any answer.
 */
import type { LoopExtension } from '../loop-extension';
import type { ToolCall } from '../model-types';
import { stableJson } from '../stable-json';

const keyOf = (call: ToolCall) => `${call.name}:${stableJson(call.arguments)}`;

export function finishOnRepeat(): LoopExtension {
  /** The last call that worked and changed files. */
  let lastChange: { key: string; call: ToolCall } | undefined;
  let finished: ToolCall | undefined;
  return {
    name: 'finish-on-repeat',
    afterToolResult({ call, ok, changed, repeated }) {
      if (repeated && lastChange?.key === keyOf(call)) finished = lastChange.call;
      else if (ok && changed) lastChange = { key: keyOf(call), call };
      else if (!repeated) lastChange = undefined;
      return undefined;
    },
    afterTools(_round, { context, step }) {
      if (!finished) return undefined;
      const path = (finished.arguments as { path?: unknown } | undefined)?.path;
      const what = typeof path === 'string' ? `${finished.name} on ${path}` : finished.name;
      const text = `The model repeated its last change (${what}) exactly, so the work is taken as done.`;
      context.recorder.emit({ type: 'notice', step, reason: 'finished', text: `Runtime notice: ${text}` });
      return { kind: 'stop', outcome: { kind: 'final', answer: `(given by the harness) ${text}` } };
    },
  };
}
