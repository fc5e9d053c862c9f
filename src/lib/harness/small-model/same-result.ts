/**
 * O4, knowing when a change did not help (issue 32): a command run again that gives exactly the
 * output it gave before (timings aside) says so, with the step it gave it at. Seen on
 * Qwen2.5-Coder-1.5B (rung 2): write a file, run `npm test`, write the same file, run it again —
 * the same failure each time — to the step limit; consecutive repeats are refused (T5), but this
 * cycle never repeats back to back. The line is added to the result; nothing is refused.
 */
import type { LoopExtension } from '../loop-extension';

/** Commands remembered at most (a run has at most a few dozen steps). */
const remembered = 50;
/** Timings differ from run to run (`✔ high (0.4ms)`, `duration_ms 25`): they are not the result. */
const timing = /\b\d+(?:\.\d+)?\s?(?:ms|s)\b|\bduration_ms \d+(?:\.\d+)?/g;
const outcomeOf = (content: string) => content.replace(timing, '#');

export function sameResult(): LoopExtension {
  const last = new Map<string, { step: number; content: string }>();
  return {
    name: 'same-result',
    afterToolResult({ call, content, repeated }, { step }) {
      const command = (call.arguments as { command?: unknown } | undefined)?.command;
      if (call.name !== 'run_shell' || typeof command !== 'string' || repeated) return undefined;
      const before = last.get(command);
      const outcome = outcomeOf(content);
      last.delete(command);
      last.set(command, { step, content: outcome });
      if (last.size > remembered) last.delete(last.keys().next().value!);
      if (!before || before.content !== outcome) return undefined;
      return (
        `This is exactly what \`${command}\` gave at step ${before.step}: nothing done since then has ` +
        'changed its result. Read the output above and change something else before running it again.'
      );
    },
  };
}
