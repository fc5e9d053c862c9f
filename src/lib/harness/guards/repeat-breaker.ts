/**
 * T5 beyond the refusal: a model that repeats a call after it was refused as a repeat is not
 * answered with the same notice again. The second refusal in a row offers the final answer in the
 * protocol's own form; the third ends the run with a `repeats` limit that says so.
 */
import type { Rule } from '../rules/rule';
import { finalExample } from '../protocol/notices';

/** Refusals in a row that end the run. */
export const repeatsBeforeStop = 3;

export const repeatBreaker: Rule = {
  id: 'repeat-breaker',
  principle: 'A call repeated after it was refused as a repeat first offers the final answer, then ends the run.',
  layer: 'pack',
  decides: true,
  reads: ['calls'],
  priority: 180,
  afterToolResult({ call }, { context, facts }) {
    const streak = facts.trailing((each) => each.repeated);
    if (streak < 2 || streak >= repeatsBeforeStop) return undefined;
    return (
      `Runtime notice: this is refusal ${streak} in a row of the same ${call.name} call; calling it again ` +
      `ends the run. If the task is done, give the final answer now (${finalExample(context.protocol)}); ` +
      `if it is not, do one different thing: read a file you have not read, or change a file.`
    );
  },
  afterTools(_round, { facts }) {
    const streak = facts.trailing((each) => each.repeated);
    if (streak < repeatsBeforeStop) return undefined;
    return {
      kind: 'stop',
      outcome: {
        kind: 'limit',
        limit: 'repeats',
        message:
          `the model made the same ${facts.calls.at(-1)!.name} call ${streak} times in a row ` + 'after it was refused',
      },
    };
  },
};
