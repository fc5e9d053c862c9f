/**
 * O4 (issue 32): in the small profile, write_file adds and changes lines of a file that was
 * there before the run; it does not drop them. Qwen2.5-Coder-1.5B made the right one-line patch
 * to src/Header.jsx, read the file again, and then wrote back only the JSX fragment — the
 * function around it gone — and answered (edit-jsx, twice in two sweeps); read-first does not
 * catch it, the file had been read. Removing lines is what patch_file is for (new_text without
 * them), so a whole-file write that would drop lines is refused, naming them, every time. A file
 * the run created is its own to rewrite.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from './step-envelope';
import { lostLines } from '../tools/write-file';

export function keepLines(): LoopExtension {
  const created = new Set<string>();
  return {
    name: 'keep-lines',
    async beforeTool(call, { context }) {
      const path = calledPath(call);
      const content = (call.arguments as { content?: unknown } | undefined)?.content;
      if (call.name !== 'write_file' || path === undefined || typeof content !== 'string' || created.has(path))
        return undefined;
      const before = await context.options.workspace.readFile(path).catch(() => undefined);
      if (before === undefined) {
        created.add(path);
        return undefined;
      }
      const lost = lostLines(before, content);
      if (lost.count === 0) return undefined;
      return (
        `error: this write would drop lines ${path} has${lost.named}, so nothing was written. ` +
        'Here write_file may add and change lines but not drop them: write the whole file with ' +
        'them, or change just a part with patch_file (old_text → new_text; to remove text, leave it ' +
        'out of new_text).'
      );
    },
  };
}
