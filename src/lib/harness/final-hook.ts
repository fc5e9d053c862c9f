/** T8 as a rule: the user's on_final hook may send a final answer back with a message. */
import type { Rule } from './rules/rule';

export const finalHook: Rule = {
  id: 'on-final-hook',
  principle: "The user's on_final hook may send a final answer back with its message.",
  layer: 'core',
  decides: true,
  reads: ['settings'],
  priority: 300,
  appliesTo: (run) => run.hooks,
  async beforeFinal(answer, { context, step, setup }) {
    if (!setup.hooks) return { kind: 'accept' };
    const verdict = await setup.hooks.onFinal({ step, answer }, context.signal);
    return verdict?.kind === 'reject'
      ? { kind: 'reject', reason: 'hook', notice: `Runtime notice: the answer was not accepted: ${verdict.message}` }
      : { kind: 'accept' };
  },
};
