/**
 * T5 as a loop extension that breaks the loop, not only refuses: a model that repeats a call
 * after it was refused (Qwen2.5-Coder-1.5B called `delegate` with the same arguments six times)
 * is not answered with the same notice again. The second refusal in a row offers the final
 * answer in the protocol's own form; the third ends the run with a `repeats` limit that says so.
 */
import type { LoopExtension } from '../loop-extension';
import { finalExample } from '../protocol/notices';

/** Refusals in a row that end the run. */
export const repeatsBeforeStop = 3;

export function repeatBreaker(): LoopExtension {
  let streak = 0;
  let name = '';
  return {
    name: 'repeat-breaker',
    afterToolResult({ call, repeated }, { context }) {
      streak = repeated ? streak + 1 : 0;
      name = call.name;
      if (streak < 2 || streak >= repeatsBeforeStop) return undefined;
      return (
        `Runtime notice: this is refusal ${streak} in a row of the same ${call.name} call; calling it again ` +
        `ends the run. If the task is done, give the final answer now (${finalExample(context.protocol)}); ` +
        `if it is not, do one different thing: read a file you have not read, or change a file.`
      );
    },
    afterTools() {
      if (streak < repeatsBeforeStop) return undefined;
      return {
        kind: 'stop',
        outcome: {
          kind: 'limit',
          limit: 'repeats',
          message: `the model made the same ${name} call ${streak} times in a row after it was refused`,
        },
      };
    },
  };
}
