/**
 * T3: old_text not found, where new_text is a whole new version of a declaration the file has (a
 * right fix given with an old_text that is not in the file, again and again). When new_text begins
 * by declaring a name the file declares once, the error gives the declaration's lines as old_text,
 * and new_text with `export` kept when the file's declaration has it and new_text does not (the
 * module's importers would break). Read line by line, not parsed: the declaration runs to the line
 * where its braces close (strings and comments holding braces can mislead it; then the lines it
 * gives do not match and the next patch says so).
 */
import { declarationLine, declared, scriptFile } from './declared-twice';

/** A declaration longer than this is not offered whole. */
const maxLines = 40;

/** The 0-based line range of the declaration starting at `first`, or undefined when it does not close. */
function extent(lines: string[], first: number): [number, number] | undefined {
  let depth = 0;
  let opened = false;
  for (let index = first; index < Math.min(lines.length, first + maxLines); index += 1) {
    for (const char of lines[index]!) {
      if (char === '{') [depth, opened] = [depth + 1, true];
      else if (char === '}') depth -= 1;
    }
    if (opened ? depth <= 0 : /;\s*$/.test(lines[index]!)) return [first, index];
  }
  return undefined;
}

/** ". new_text declares f, which src/a.js declares at lines 1-3: …", or ''. */
export function declarationHint(path: string, text: string, newText: string): string {
  if (!scriptFile.test(path)) return '';
  const wanted = declarationLine(newText.trimStart().split('\n')[0]!);
  if (!wanted) return '';
  const found = declared(text).filter((each) => each.name === wanted.name);
  if (found.length !== 1) return '';
  const lines = text.split('\n');
  const range = extent(lines, found[0]!.line - 1);
  if (!range) return '';
  const oldText = lines.slice(range[0], range[1] + 1).join('\n');
  const where = range[0] === range[1] ? `line ${range[0] + 1}` : `lines ${range[0] + 1}-${range[1] + 1}`;
  const keepExport = found[0]!.exported && !wanted.exported;
  const fixed = keepExport ? `export ${newText.trimStart()}` : newText;
  return (
    `. new_text declares ${wanted.name}, which ${path} declares at ${where}: ` +
    `to replace it, send old_text ${JSON.stringify(oldText)}` +
    (keepExport ? ` and new_text ${JSON.stringify(fixed)} (it keeps the export the file has)` : '')
  );
}
