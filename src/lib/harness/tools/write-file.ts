/**
 * T1: the `write_file` tool: a whole text file written (folders made as needed), and what a
 * rewrite would drop of the lines it had.
 */
import type { ReadonlyWorkspace } from '../workspace-types';
import type { WriteTool } from './tool-definition';
import { objectSchema, stringProperty, textProperty } from './tool-definition';
import { expectWritableFile } from './path-checks';
import { unifiedDiff } from './unified-diff';
import { withoutReadMarks } from './read-header';
import { shellExpression } from './shell-expression';

/** The file's text, or undefined when there is no file at `path`. */
async function currentText(workspace: ReadonlyWorkspace, path: string): Promise<string | undefined> {
  const stat = await workspace.stat(path);
  return stat?.kind === 'file' ? workspace.readFile(path) : undefined;
}

/** The lines of each side `lostLines` looks for in the other (a user's file may be any length). */
const comparedLines = 2000;

/**
 * A whole-file write that drops lines the file had says so: a model asked to add one line may write
 * only its change and read "wrote … (1 lines)" as success. Naming what is gone lets it see what the
 * replacement did; blank lines don't count.
 */
/**
 * The lines a whole-file write drops: `text` for its result, `named` (" (\"a\", \"b\", …)") for
 * another message, `count` beyond the lines changed in place.
 */
export function lostLines(before: string, after: string): { text: string; named: string; count: number } {
  // A line is kept when its text is still in the file, wherever (a reformatted JSON object keeps
  // `"theme": "dark"` on another line, or on one line with the rest); a trailing comma aside.
  // Bounded: each side's first `comparedLines` lines are looked for in the other (every blind
  // write meets this now, read-first, and a file of the user's may be any length).
  const old = before.split('\n').filter((line) => line.trim());
  const gone = old.slice(0, comparedLines).filter((line) => !after.includes(line.trim().replace(/,$/, '')));
  // A line changed in place is an edit, not a loss: told a line is gone after a one-character fix,
  // a model doubts the fix. So lines are lost only beyond the new ones that came in.
  const fresh = after
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, comparedLines)
    .filter((line) => !before.includes(line.trim())).length;
  if (gone.length <= fresh) return { text: '', named: '', count: 0 };
  const shown = gone
    .slice(0, 3)
    .map((line) => JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line))
    .join(', ');
  const named = ` (${shown}${gone.length > 3 ? ', …' : ''})`;
  const counted = `${old.length > comparedLines ? 'at least ' : ''}${gone.length} of its ${old.length}`;
  const text =
    `; ${counted} earlier lines are gone${named}. ` +
    'write_file replaces the whole file: if they should stay, write them too';
  return { text, named, count: gone.length - fresh };
}

export const writeFile: WriteTool<{ path: string; content: string }> = {
  name: 'write_file',
  access: 'write',
  risky: true,
  description: 'Write a whole text file (creates folders as needed).',
  parameters: objectSchema(
    {
      path: stringProperty('File relative to the workspace root.', { minLength: 1 }),
      content: textProperty('The complete new content.'),
    },
    ['path', 'content'],
  ),
  example: { path: 'src/app.js', content: '<the whole new text of the file>' },
  check: async (args, context) =>
    (await expectWritableFile(context.workspace, args.path)) ?? shellExpression(args.path, args.content) ?? null,
  async preview(args, context) {
    const { content } = withoutReadMarks(args.content);
    return unifiedDiff(args.path, (await currentText(context.workspace, args.path)) ?? '', content);
  },
  async run(rawArgs, context) {
    // read_file's header copied in as a first line is read_file's, not the file's: left out, and
    // said (the approval's preview shows the same content).
    const { content, removed } = withoutReadMarks(rawArgs.content);
    const args = { ...rawArgs, content };
    const markNote = removed.length
      ? `; left out ${removed.map((line) => JSON.stringify(line)).join(', ')}: read_file's, not the file's`
      : '';
    const slash = args.path.lastIndexOf('/');
    if (slash > 0) await context.workspace.mkdir(args.path.slice(0, slash));
    const before = await currentText(context.workspace, args.path).catch(() => undefined);
    // A write of what is already there changes nothing, and says so: "wrote …" would read as if
    // something had been done, and a model writing and testing the same file goes round on it.
    if (before === args.content)
      return {
        ok: true,
        output: `${args.path} already had exactly this content: nothing changed${markNote}`,
        touched: [args.path],
        changed: [],
      };
    // The same text but for the whitespace it ends with (a final newline dropped) is no change
    // either: it is not written, and says why.
    if (before !== undefined && before.trimEnd() === args.content.trimEnd())
      return {
        ok: true,
        output:
          `${args.path} already had this content (only the whitespace at its end differed): ` +
          `nothing changed, so it was not written${markNote}`,
        touched: [args.path],
        changed: [],
      };
    await context.workspace.writeFile(args.path, args.content);
    // Counted as `wc -l` counts a file that ends with a newline.
    const lost = lostLines(before ?? '', args.content);
    const lines = args.content === '' ? 0 : args.content.split('\n').length - (args.content.endsWith('\n') ? 1 : 0);
    return {
      ok: true,
      output: `wrote ${args.path} (${args.content.length} chars, ${lines} lines)${lost.text}${markNote}`,
      droppedLines: lost.count,
      touched: [args.path],
      changed: [args.path],
      ...(before === undefined ? { created: [args.path] } : {}),
    };
  },
};
