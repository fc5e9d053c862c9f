/** T8 as a loop extension: the user's on_final hook may send a final answer back with a message. */
import type { LoopExtension } from '../loop-extension';
import type { HookRunner } from './hook-runner';

export function finalHook(hooks: HookRunner): LoopExtension {
  return {
    name: 'on-final-hook',
    async beforeFinal(answer, { context, step }) {
      const verdict = await hooks.onFinal({ step, answer }, context.signal);
      return verdict?.kind === 'reject'
        ? { kind: 'reject', reason: 'hook', notice: `Runtime notice: the answer was not accepted: ${verdict.message}` }
        : { kind: 'accept' };
    },
  };
}
