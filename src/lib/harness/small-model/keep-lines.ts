/**
 * A whole-file write to a file that was there before the run adds and changes lines; it does not
 * drop them: removing lines is what patch_file is for (new_text without them), so a write that
 * would drop lines is refused, naming them, every time. A file the run created is its own to rewrite.
 */
import type { Rule } from '../rules/rule';
import { calledPath } from '../facts/called-path';
import { lostLines } from '../tools/write-file';

export const keepLines: Rule = {
  id: 'keep-lines',
  principle: 'A whole-file write may not drop lines of a file that was there before the run.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'workspace'],
  priority: 100,
  async beforeTool(call, { context, facts }) {
    const path = calledPath(call);
    const content = (call.arguments as { content?: unknown } | undefined)?.content;
    if (call.name !== 'write_file' || path === undefined || typeof content !== 'string') return undefined;
    // Created by this run: a write that worked on a path that had nothing before it.
    if (facts.createdPaths.has(path)) return undefined;
    const before = await context.options.workspace.readFile(path).catch(() => undefined);
    if (before === undefined) return undefined;
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
