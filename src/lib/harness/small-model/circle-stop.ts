/**
 * A change that puts a file back exactly as an earlier change of the run left it has undone the
 * work between: the run ends with an answer the harness writes, unless a check fails
 * (harness-finish.ts), and the environment's check decides, as for any answer. The state just
 * before is not a circle (that is finish-on-repeat's case). Bounded: the facts keep a few states
 * of a few files.
 */
import type { Rule } from '../rules/rule';
import { finishUnlessFailing } from './harness-finish';

const id = 'circle-stop';
const changing = new Set(['write_file', 'patch_file']);

export const circleStop: Rule = {
  id,
  principle: 'A run whose change puts a file back as an earlier change left it ends there, unless its check fails.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'file-states', 'checks', 'settings', 'task', 'workspace'],
  priority: 70,
  async afterTools(_round, scope) {
    const { facts, step } = scope;
    const paths = new Set(
      facts.calls
        .filter((call) => call.step === step && call.ok && call.changed && changing.has(call.name) && call.path)
        .map((call) => call.path!),
    );
    const since = facts.heldBack.findLast((held) => held.rule === id)?.step ?? 0;
    for (const path of paths) {
      const states = (facts.fileStates.get(path) ?? []).filter((state) => state.step > since);
      const now = states.at(-1);
      if (!now || now.step !== step) continue;
      const back = states.slice(0, -2).find((state) => state.text === now.text);
      if (!back) continue;
      const ended = await finishUnlessFailing(scope, {
        rule: id,
        reason: 'circle',
        answer:
          `The model's last change put ${path} back exactly as its change at step ${back.step} left it, ` +
          'undoing the work in between, so the work is taken as done.',
        unfinished: (command) =>
          `your last change put ${path} back as it was at step ${back.step}, but the work is not done: ` +
          `\`${command}\` fails. Read its output and change something else.`,
      });
      if (ended !== 'failing') return ended;
    }
    return undefined;
  },
};
