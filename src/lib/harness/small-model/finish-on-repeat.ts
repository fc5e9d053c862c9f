/**
 * A model that makes its last change again, exactly, with only reads between, has nothing new to
 * do: the run ends with an answer the harness writes (and says so), unless the run's own check
 * says the work is not done (harness-finish.ts); the environment's check decides, as for any answer.
 */
import type { Rule } from '../rules/rule';
import type { CallFact } from '../facts/run-facts';
import { finishUnlessFailing } from './harness-finish';

const id = 'finish-on-repeat';
/** Tools whose same call twice leaves the files as once. */
const idempotent = new Set(['write_file']);

/**
 * The change repeated by a call of `step`, if one was: read over the calls since the last time
 * this rule was held back. A read keeps the last change in view; a failure or another kind of
 * call ends the streak; an append run twice is new work.
 */
export function repeatedChange(calls: readonly CallFact[], step: number): CallFact | undefined {
  let last: CallFact | undefined;
  let finished: CallFact | undefined;
  for (const call of calls) {
    const again = last?.key === call.key;
    if (again && (call.repeated || (call.ok && (!call.changed || idempotent.has(call.name))))) {
      if (call.step === step) finished = last;
    } else if (call.ok && call.changed) last = call;
    else if (!call.ok && !call.repeated) last = undefined;
  }
  return finished;
}

export const finishOnRepeat: Rule = {
  id,
  principle: 'A run whose last change is made again, exactly, ends there, unless its check fails.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'checks', 'settings', 'task', 'workspace'],
  priority: 60,
  async afterTools(_round, scope) {
    const { facts, step } = scope;
    const since = facts.heldBack.findLast((held) => held.rule === id)?.step ?? 0;
    const finished = repeatedChange(
      facts.calls.filter((call) => call.step > since),
      step,
    );
    if (!finished) return undefined;
    const what = finished.path !== undefined ? `${finished.name} on ${finished.path}` : finished.name;
    const ended = await finishUnlessFailing(scope, {
      rule: id,
      reason: 'repeat',
      answer: `The model repeated its last change (${what}) exactly, so the work is taken as done.`,
      unfinished: (command) =>
        `you made your last change (${what}) again, exactly, but the work is not done: ` +
        `\`${command}\` fails. Read its output and change something else.`,
    });
    return ended === 'failing' ? undefined : ended;
  },
};
