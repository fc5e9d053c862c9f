/**
 * T1, T3: the `patch_file` tool: one block of text replaced where it occurs once, with the errors
 * that give the fix when it cannot be.
 */
import type { WriteTool } from './tool-definition';
import { objectSchema, stringProperty, textProperty } from './tool-definition';
import { expectKind } from './path-checks';
import { unifiedDiff } from './unified-diff';
import { findText } from './text-match';
import { nearestLine } from './nearest-line';
import { replacedLine } from './replaced-line';
import { lineOf, patchedRegion } from './patched-region';
import { declaredAgain, declaredTwice, scriptFile } from './declared-twice';
import { declarationHint } from './declaration-hint';

/**
 * An append whose every line (with a letter or digit in it) the file has already: Qwen2.5-Coder-1.5B
 * appended its line to TODO.md, then appended the line and the file's two others again, and the
 * list held them twice (rung 1). Said with the lines; a line of punctuation alone (`}`) is no sign.
 */
function linesAlreadyThere(text: string, added: string): string | undefined {
  const have = new Set(text.split('\n').map((line) => line.trim()));
  const lines = added
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  if (lines.length === 0 || !lines.every((line) => have.has(line))) return undefined;
  const named = lines.slice(0, 3).map((line) => JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line));
  return `${named.join(', ')}${lines.length > 3 ? ', …' : ''}`;
}

/**
 * old_text that is not in the file but inside new_text reads as "add after this": the line to add
 * given as old_text, and new_text the same plus a newline. "Not found" alone does not say how to
 * add text; the hint does.
 */
function insertHint(args: { old_text: string; new_text: string }): string {
  if (!args.new_text.includes(args.old_text)) return '';
  return (
    '. To add text, old_text must be text the file has now (new_text is that text with yours ' +
    'added), or empty to add new_text at the end'
  );
}

/** A file this short is shown whole when old_text is not in it (plain lines, to copy from). */
const shownFile = { lines: 30, chars: 1500 };

/**
 * An old_text that is not in the file was most often imagined, without the file read: "not found;
 * read the file" sends the model on a round trip it may not make. A short file is shown as it is
 * now, so the next old_text can be copied from it; a longer one gets the line most like it.
 */
function fileHint(path: string, text: string): string {
  const body = text.replace(/\n$/, '');
  if (text.trim() === '' || body.split('\n').length > shownFile.lines || text.length > shownFile.chars) return '';
  return `. ${path} reads now (copy old_text from these lines):\n${body}`;
}

function nearestHint(text: string, oldText: string): string {
  const nearest = nearestLine(text, oldText);
  return nearest ? `. The line most like it is line ${nearest.number}: ${nearest.text.trim()}` : '';
}

/** Said last, after the file is shown: the one line to copy, as it is (indent kept). */
function replacedHint(text: string, newText: string): string {
  const line = replacedLine(text, newText);
  return line
    ? `. new_text reads like a new form of line ${line.number}, which is now:\n${line.text}\n` +
        'If that is the line to change, copy it whole into old_text'
    : '';
}

type PatchArgs = { path: string; old_text: string; new_text: string };

/** What follows "not found": a declaration to change, else the line like old_text, or the one new_text replaces. */
function notFoundHint(path: string, text: string, args: PatchArgs): string {
  const declaration = declarationHint(path, text, args.new_text);
  if (declaration) return declaration + fileHint(path, text);
  const near = nearestHint(text, args.old_text);
  return near + fileHint(path, text) + (near ? '' : replacedHint(text, args.new_text));
}

/**
 * A match found with whitespace ignored whose line breaks are not old_text's, in a file that is
 * not code: replacing it would join or split the file's lines (three lines of text given as one
 * old_text would become one line). Refused, with the lines as they are. In code the lines mean the
 * same joined (`function f(n) { return n; }` written on one line for three).
 */
function joinedLines(text: string, match: { start: number; end: number; loose: boolean }, args: PatchArgs) {
  if (!match.loose || scriptFile.test(args.path)) return undefined;
  const breaks = (value: string) => value.split('\n').length - 1;
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const span = text.slice(match.start, match.end);
  if (breaks(span) === breaks(args.old_text)) return undefined;
  const first = lineOf(text, match.start) + 1;
  const lines = breaks(span) === 0 ? `line ${first}` : `lines ${first}-${first + breaks(span)}`;
  return (
    `old_text matches ${lines} of ${args.path} only with their line breaks ignored (old_text has ` +
    `${count(breaks(args.old_text) + 1, 'line')}), and replacing them would change how the file's lines ` +
    `break; nothing was changed. The lines are:\n${span}\nCopy them with their line breaks into old_text, ` +
    `and keep the line breaks in new_text (or change one line at a time)`
  );
}

/** The file's text with old_text's one match replaced (an empty old_text: new_text added at the end), or why not. */
function replaced(text: string, args: PatchArgs) {
  // An empty old_text can mean only one place, the end: models append so, and a refusal ("must not
  // be empty") only sends them round again. The file keeps its last newline.
  if (args.old_text === '') {
    // Both empty: "appended (+0 lines)" would read as a success that changed nothing.
    if (args.new_text === '')
      return {
        error:
          'old_text and new_text are both empty, so there is nothing to change: to change a line, copy it ' +
          'into old_text and write it as it should be in new_text; to add lines at the end, put them in new_text',
      };
    const already = linesAlreadyThere(text, args.new_text);
    if (already)
      return {
        error:
          `${args.path} already has every line of new_text (${already}), so nothing was added; ` +
          'read the file: the change may be made already',
      };
    const base = text === '' || text.endsWith('\n') ? text : `${text}\n`;
    const tail = text.endsWith('\n') && !args.new_text.endsWith('\n') ? `${args.new_text}\n` : args.new_text;
    return { text: base + tail, loose: false, appended: true, start: base.length, end: base.length + tail.length };
  }
  // The same text both sides: "patched (-1 +1 lines)" would read as a success that changed nothing.
  if (args.old_text === args.new_text)
    return {
      error:
        'old_text and new_text are the same, so nothing would change: new_text is the text as it ' +
        'should be after the change',
    };
  const match = findText(text, args.old_text);
  if (match.count === 0)
    return {
      error:
        `old_text was not found in ${args.path}; read the file and copy the text exactly` +
        (insertHint(args) || notFoundHint(args.path, text, args)),
    };
  if (match.count > 1)
    return {
      error: `old_text occurs ${match.count} times in ${args.path}; include more surrounding lines so it occurs once`,
    };
  const joined = joinedLines(text, match, args);
  if (joined) return { error: joined };
  return {
    text: text.slice(0, match.start) + args.new_text + text.slice(match.end),
    loose: match.loose,
    appended: false,
    start: match.start,
    end: match.start + args.new_text.length,
  };
}

/** replaced(), refused when it would declare a JavaScript name a second time (declared-twice.ts). */
function patched(text: string, args: PatchArgs) {
  const result = replaced(text, args);
  if (result.text === undefined) return result;
  const again = declaredAgain(args.path, text, result.text, args.new_text);
  return again ? { error: again } : result;
}

export const patchFile: WriteTool<PatchArgs> = {
  name: 'patch_file',
  access: 'write',
  risky: true,
  description: 'Replace one exact block of text in a file; old_text must occur exactly once.',
  parameters: objectSchema(
    {
      path: stringProperty('File relative to the workspace root.', { minLength: 1 }),
      old_text: textProperty('The exact text to replace (must occur once); empty: new_text is added at the end.'),
      new_text: textProperty('The replacement text.'),
    },
    ['path', 'old_text', 'new_text'],
  ),
  example: {
    path: 'src/app.js',
    old_text: '<the exact text to replace, copied from the file>',
    new_text: '<the text to put in its place>',
  },
  async check(args, context) {
    // A patch of a file that is not there says which tool makes one: "does not exist" alone sends the
    // model looking for a way to create it.
    const kind = await expectKind(context.workspace, args.path, 'file', 'write_file creates a file');
    if (kind) return kind;
    return patched(await context.workspace.readFile(args.path), args).error ?? null;
  },
  async preview(args, context) {
    const before = await context.workspace.readFile(args.path);
    return unifiedDiff(args.path, before, patched(before, args).text ?? before);
  },
  async run(args, context) {
    const before = await context.workspace.readFile(args.path);
    // Checked again here: the file may have changed between validation and approval.
    const result = patched(before, args);
    if (result.text === undefined) return { ok: false, output: `error: ${args.path} changed; ${result.error}` };
    await context.workspace.writeFile(args.path, result.text);
    const removed = args.old_text === '' ? 0 : args.old_text.split('\n').length;
    const added = args.new_text === '' ? 0 : args.new_text.split('\n').length;
    // Said, so a reader of the transcript knows the text was not there letter for letter.
    const how = result.loose ? '; old_text matched with different whitespace' : '';
    const left =
      declaredTwice(args.path, result.text, args.new_text) + patchedRegion(result.text, result.start, result.end);
    return {
      ok: true,
      output:
        (result.appended
          ? `appended to ${args.path} (+${added} lines: old_text was empty)`
          : `patched ${args.path} (-${removed} +${added} lines${how})`) + left,
      touched: [args.path],
      changed: [args.path],
    };
  },
};
