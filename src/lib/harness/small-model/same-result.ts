/**
 * A command run again that gives exactly the output it gave before (timings aside) says so, with
 * the step it gave it at: nothing done since changed its result. A line is added; nothing is refused.
 */
import type { Rule } from '../rules/rule';

/** Timings differ from run to run (`✔ high (0.4ms)`, `duration_ms 25`): they are not the result. */
const timing = /\b\d+(?:\.\d+)?\s?(?:ms|s)\b|\bduration_ms \d+(?:\.\d+)?/g;
const outcomeOf = (content: string) => content.replace(timing, '#');

export const sameResult: Rule = {
  id: 'same-result',
  principle: 'A command that gives exactly the output it gave before is said to have done so.',
  layer: 'pack',
  decides: false,
  reads: ['calls'],
  priority: 120,
  afterToolResult({ call, content, repeated }, { facts }) {
    const command = (call.arguments as { command?: unknown } | undefined)?.command;
    if (call.name !== 'run_shell' || typeof command !== 'string' || repeated) return undefined;
    // The facts hold this call already, as the last one: the one before is further back.
    const before = facts.calls
      .slice(0, -1)
      .findLast((each) => each.name === 'run_shell' && !each.repeated && each.args.command === command);
    if (!before || outcomeOf(before.content) !== outcomeOf(content)) return undefined;
    return (
      `This is exactly what \`${command}\` gave at step ${before.step}: nothing done since then has ` +
      'changed its result. Read the output above and change something else before running it again.'
    );
  },
};
