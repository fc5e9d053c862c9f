/**
 * L3, knowing when to stop (issue 32): the file the task asks for, once written, says so.
 * Qwen2.5-Coder-1.5B wrote TOTAL.txt with 42 (sum-two-files, seed 1), then appended
 * "42 + 25 = " to it and answered 47; told only "wrote TOTAL.txt (2 chars, 1 lines)", nothing
 * said the task's file was now there and holding its answer. After a change that worked to a
 * file the task asks to be made (named, and not there when the run began), the result shows what
 * the file now holds (a whole-file write's content; a patch's result shows its lines already) and
 * says that the final answer comes next if that is all the task asks. The model decides; the
 * line is bounded. Every profile: a bigger model loses nothing by being told.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from '../small-model/step-envelope';
import { askedFiles } from '../task-files';
import { pathKey } from '../context/path-key';

const shownChars = 400;
const shownLines = 8;

/** The first lines of what was written, bounded, with a mark where it was cut. */
function shown(content: string): string {
  const lines = content.split('\n');
  const head = lines.slice(0, shownLines).join('\n');
  const cut = head.length > shownChars ? head.slice(0, shownChars) : head;
  return cut.length < content.replace(/\n$/, '').length ? `${cut}\n[… cut]` : cut;
}

export function askedWritten(): LoopExtension {
  let asked: string[] = [];
  return {
    name: 'asked-written',
    async onStart({ context }) {
      asked = await askedFiles(context.task, context.options.workspace).catch(() => []);
    },
    afterToolResult({ call, ok, changed }) {
      const path = calledPath(call);
      if (!ok || !changed || path === undefined || !['write_file', 'patch_file'].includes(call.name)) return undefined;
      if (!asked.some((file) => pathKey(file) === pathKey(path))) return undefined;
      const content = (call.arguments as { content?: unknown }).content;
      const holds =
        call.name === 'write_file' && typeof content === 'string' ? ` It now reads:\n${shown(content)}\n` : ' ';
      return (
        `${path} is the file the task asks for.${holds}If that is all the task asks, your next reply is the ` +
        `final answer; change ${path} again only to correct it.`
      );
    },
  };
}
