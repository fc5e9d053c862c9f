/**
 * O4 (issue 32): the files a task names, shown with the task. On rung-2 tasks that say where the
 * code is ("greet() in src/greet.js should …", "Fix src/range.js"), Qwen2.5-Coder-1.5B began by
 * running the tests or reading package.json, and wrote src/range.js from what it guessed was
 * there (read-first refused it, a step lost); in add-default it never read src/greet.js at all.
 * The small profile reads the files the task names before the first request and puts them after
 * the task, as the model would see them from read_file. For read-first they are "shown", not
 * read: a write that keeps their lines goes through (the 1.5B model's right fix at step 1 was
 * refused as unread), one that drops lines is still refused once (set-json-key: the blind write
 * read-first is for). A resumed run (no new task) gets nothing: it has what it read. Bounded: a
 * few files, each cut.
 */
import type { LoopExtension } from '../loop-extension';
import type { ReadonlyWorkspace } from '../workspace-types';
import { notice } from '../step-scope';
import { taskFiles } from '../task-files';
import { cutText, readHeader } from '../tools/read-header';

export const namedFileLimits = { files: 3, chars: 2400 };

/** The notice: each named file that exists, as read_file shows it (plain lines), cut if long. */
export async function namedFilesText(
  task: string,
  workspace: ReadonlyWorkspace,
): Promise<{ text: string; paths: string[] } | undefined> {
  const shown: string[] = [];
  const paths: string[] = [];
  // The task's own files, as asked-file finds them (an example in parentheses is not one).
  for (const path of (await taskFiles(task, workspace)).there) {
    if (paths.length >= namedFileLimits.files) break;
    const text = await workspace.readFile(path).catch(() => undefined);
    if (text === undefined) continue;
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

/** `shown` gets the paths shown (read-first reads it). */
export function namedFiles(shown: Set<string>): LoopExtension {
  return {
    name: 'named-files',
    async onStart(scope) {
      const task = scope.context.task.trim();
      if (!task) return;
      const found = await namedFilesText(task, scope.context.options.workspace).catch(() => undefined);
      if (!found) return;
      for (const path of found.paths) shown.add(path);
      await notice(scope, 'named-files', found.text);
    },
  };
}
