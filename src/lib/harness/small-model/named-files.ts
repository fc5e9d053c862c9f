/**
 * The files a task names are shown with it, as read_file would show them, so the model starts
 * from what they hold rather than from a guess. For read-before-write they count as shown, not
 * read. A continued run gets nothing new: it has what it read. Bounded: a few files, each cut.
 */
import type { Rule } from '../rules/rule';
import { cutText, readHeader } from '../tools/read-header';

export const namedFileLimits = { files: 3, chars: 2400 };

/** The notice: each named file that is there, as read_file shows it (plain lines), cut if long. */
export function namedFilesText(texts: ReadonlyMap<string, string>): { text: string; paths: string[] } | undefined {
  const shown: string[] = [];
  const paths: string[] = [];
  for (const [path, text] of texts) {
    if (paths.length >= namedFileLimits.files) break;
    const lines = text.split('\n');
    if (lines.length > 1 && lines.at(-1) === '') lines.pop();
    const { text: body, cut } = cutText(lines.join('\n'), namedFileLimits.chars);
    const range = cut ? `${lines.length} lines, cut` : `lines 1-${lines.length} of ${lines.length}`;
    shown.push(`${readHeader(path, range)}\n${body}`);
    paths.push(path);
  }
  if (paths.length === 0) return undefined;
  return { text: `The files the task names, as they are now:\n${shown.join('\n\n')}`, paths };
}

export const namedFiles: Rule = {
  id: 'named-files',
  principle: 'The files a task names are shown with the task, as a read would show them.',
  layer: 'pack',
  decides: false,
  reads: ['task', 'start'],
  priority: 50,
  async onStart({ context, facts }) {
    // A continued run (no new task this turn) has what it read already.
    if (!context.task.trim()) return undefined;
    const found = namedFilesText(facts.start.texts);
    return found ? { notice: found.text, shown: found.paths } : undefined;
  },
};
