/**
 * T5 beyond the call just made: a call the run has made before, with no file changed since, shows
 * nothing new. Qwen2.5-Coder-1.5B, asked to export `square`, read src/shapes.js, then listed src/
 * and read it again, in turn, to the step limit (add-missing-export, with think-first): neither
 * call was the one before it, so T5's repeat refusal never saw them. Such a call still runs (a
 * compacted history may need it again) and its result gets a line saying it is old news and what
 * would be new; after `noNewsBeforeStop` of them in a row the run ends with a `repeats` limit.
 * A change to any file starts the count afresh; a call T5 refused is the repeat breaker's.
 */
import type { LoopExtension } from '../loop-extension';
import { finalExample } from '../protocol/notices';
import { stableJson } from '../stable-json';

/** Old-news calls in a row that end the run. */
export const noNewsBeforeStop = 6;
/** Old-news calls in a row before the line is added (one can be a deliberate look back). */
const noNewsBeforeNotice = 2;

export function noNews(): LoopExtension {
  const seen = new Map<string, number>();
  let streak = 0;
  return {
    name: 'no-news',
    afterToolResult({ call, changed, repeated }, { context, setup, step }) {
      if (repeated) return undefined;
      if (changed) {
        seen.clear();
        streak = 0;
        return undefined;
      }
      const key = `${call.name} ${stableJson(call.arguments)}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, step);
        streak = 0;
        return undefined;
      }
      streak += 1;
      if (streak < noNewsBeforeNotice || streak >= noNewsBeforeStop) return undefined;
      const writes = ['patch_file', 'write_file'].filter((name) => setup.tools.some((tool) => tool.name === name));
      const change = writes.length > 0 ? `change a file (${writes.join(' or ')}), or ` : '';
      return (
        `Runtime notice: you made this same ${call.name} call at step ${first} and no file has changed since, ` +
        `so it showed nothing new (${streak} such calls in a row; ${noNewsBeforeStop} end the run). Act on ` +
        `what you have: ${change}give the final answer (${finalExample(context.protocol)}).`
      );
    },
    afterTools() {
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
}
