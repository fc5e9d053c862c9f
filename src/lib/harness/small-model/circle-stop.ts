/**
 * O4, knowing when to stop: a change that puts a file back exactly as an earlier change of this
 * run left it has undone the work in between — the model is going round in circles. Seen on
 * Qwen2.5-Coder-1.5B (qwen-1.5b-guards, create-file): it wrote hello.txt right at step 1, then
 * patched "Hello, harness!" to "Hello, world!" and back, reading the file between, to the step
 * limit; finish-on-repeat did not see it (no change was the same as the one just before). The
 * run ends there with an answer the harness writes — unless a check fails (harness-finish.ts) —
 * and the environment's check decides, as for any answer. Bounded: a few states per file, a few
 * files.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from './step-envelope';
import { finishUnlessFailing } from './harness-finish';

const limits = { files: 20, states: 8, chars: 100_000 };
const changing = new Set(['write_file', 'patch_file']);

export function circleStop(): LoopExtension {
  /** Per file, what each change of this run left in it, with its step. */
  const states = new Map<string, { step: number; text: string }[]>();
  let changed: string[] = [];
  return {
    name: 'circle-stop',
    afterToolResult({ call, ok, changed: didChange }) {
      const path = calledPath(call);
      if (ok && didChange && path !== undefined && changing.has(call.name)) changed.push(path);
      return undefined;
    },
    async afterTools(_round, scope) {
      const paths = [...new Set(changed)];
      changed = [];
      for (const path of paths) {
        const text = await scope.context.options.workspace.readFile(path).catch(() => undefined);
        if (text === undefined || text.length > limits.chars) continue;
        const earlier = states.get(path) ?? [];
        // Not the state just before: that is finish-on-repeat's case (the same change again).
        const back = earlier.slice(0, -1).find((state) => state.text === text);
        if (!back) {
          if (!states.has(path) && states.size >= limits.files) continue;
          states.set(path, [...earlier, { step: scope.step, text }].slice(-limits.states));
          continue;
        }
        const ended = await finishUnlessFailing(scope, {
          reason: 'circle',
          answer:
            `The model's last change put ${path} back exactly as its change at step ${back.step} left it, ` +
            'undoing the work in between, so the work is taken as done.',
          unfinished: (command) =>
            `your last change put ${path} back as it was at step ${back.step}, but the work is not done: ` +
            `\`${command}\` fails. Read its output and change something else.`,
        });
        if (ended !== 'failing') return ended;
        states.delete(path);
      }
      return undefined;
    },
  };
}
