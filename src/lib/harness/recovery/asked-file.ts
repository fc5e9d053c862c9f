/**
 * L3 D (issue 32): a task that asks for a file is not done while the file is not there.
 * Qwen2.5-Coder-1.5B, asked to write the port config/server.json sets into ANSWER.txt, read the
 * file and answered "8137"; asked for the release branch in ANSWER.txt, it answered "main" at
 * step 1 (default profile, constrained; 2 of its 5 rung-1 failures). A final answer while a file
 * the task asks to write or create (named, and not there when the run began) is still missing
 * goes back, naming it, at most twice per file: once was not enough when the write that followed
 * was refused (explain-code seed 1, qwen-1.5b-example-rung2: the list written with the task's
 * example in it, refused by task-example, then given as the answer with no ANSWER.md). Bounded:
 * after that the answer stands, and the check decides. A task that asks for no file meets nothing;
 * a file whose write the person (or the approval policy) did not allow is not asked for again: the
 * answer saying so is the answer.
 * Every profile: a bigger model's answer without the file it was asked for is not done either.
 */
import type { LoopExtension } from '../loop-extension';
import { askedFiles } from '../task-files';
import { pathKey } from '../context/path-key';

/** Answers sent back per missing file before one stands. */
export const askedFileSendBacks = 2;

export function askedFile(): LoopExtension {
  /** Asked for and not yet sent back about as often as allowed; looked up once, at the run's start. */
  let pending: string[] = [];
  const sentBack = new Map<string, number>();
  return {
    name: 'asked-file',
    async onStart({ context }) {
      // An empty task asks for nothing: askedFiles finds no words to make with.
      pending = await askedFiles(context.task, context.options.workspace).catch(() => []);
    },
    afterToolResult({ call, denied }) {
      const path = (call.arguments as { path?: unknown } | undefined)?.path;
      if (denied && typeof path === 'string') pending = pending.filter((asked) => pathKey(asked) !== pathKey(path));
      return undefined;
    },
    async beforeFinal(_answer, { context }) {
      const missing: string[] = [];
      for (const path of pending)
        if ((await context.options.workspace.stat(path).catch(() => undefined)) === null) missing.push(path);
      for (const path of missing) sentBack.set(path, (sentBack.get(path) ?? 0) + 1);
      // A file sent back about as often as allowed, or written by now, is not asked for again.
      pending = missing.filter((path) => sentBack.get(path)! < askedFileSendBacks);
      if (missing.length === 0) return { kind: 'accept' };
      const names = missing.join(' and ');
      return {
        kind: 'reject',
        reason: 'asked-file',
        notice:
          `Runtime notice: the task asks for ${names}, and ${missing.length > 1 ? 'they are' : 'it is'} ` +
          `not there yet, so this answer was not accepted. Write ${names} with write_file, then answer.`,
      };
    },
  };
}
