/**
 * T5 beyond the call just made: a call the run has made before, with no file changed since, shows
 * nothing new. Such a call still runs (a compacted history may need it again) and its result gets
 * a line saying it is old news and what would be new; after `noNewsBeforeStop` of them in a row
 * the run ends with a `repeats` limit. A change to any file starts the count afresh; a call T5
 * refused is the repeat breaker's.
 */
import type { Rule } from '../rules/rule';
import type { CallFact } from '../facts/run-facts';
import { finalExample } from '../protocol/notices';

/** Old-news calls in a row that end the run. */
export const noNewsBeforeStop = 6;
/** Old-news calls in a row before the line is added (one can be a deliberate look back). */
const noNewsBeforeNotice = 2;

/**
 * Over the calls since the last change (refused repeats aside): how many in a row were made before,
 * and when the last one first was.
 */
export function oldNews(calls: readonly CallFact[]): { streak: number; first?: number } {
  const seen = new Map<string, number>();
  let streak = 0;
  let first: number | undefined;
  for (const call of calls) {
    if (call.repeated) continue;
    first = seen.get(call.key);
    if (first === undefined) {
      seen.set(call.key, call.step);
      streak = 0;
    } else streak += 1;
  }
  return { streak, ...(first !== undefined ? { first } : {}) };
}

export const noNews: Rule = {
  id: 'no-news',
  principle:
    'A call the run made before, with no file changed since, is said to show nothing new; six in a row end the run.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'tools'],
  priority: 190,
  afterToolResult({ repeated, changed, call }, { context, setup, facts }) {
    if (repeated || changed) return undefined;
    const { streak, first } = oldNews(facts.sinceLastChange);
    if (first === undefined || streak < noNewsBeforeNotice || streak >= noNewsBeforeStop) return undefined;
    const writes = ['patch_file', 'write_file'].filter((name) => setup.tools.some((tool) => tool.name === name));
    const change = writes.length > 0 ? `change a file (${writes.join(' or ')}), or ` : '';
    return (
      `Runtime notice: you made this same ${call.name} call at step ${first} and no file has changed since, ` +
      `so it showed nothing new (${streak} such calls in a row; ${noNewsBeforeStop} end the run). Act on ` +
      `what you have: ${change}give the final answer (${finalExample(context.protocol)}).`
    );
  },
  afterTools(_round, { facts }) {
    const { streak } = oldNews(facts.sinceLastChange);
    if (streak < noNewsBeforeStop) return undefined;
    return {
      kind: 'stop',
      outcome: {
        kind: 'limit',
        limit: 'repeats',
        message: `the model made ${streak} calls in a row it had made before, with no file changed since`,
      },
    };
  },
};
