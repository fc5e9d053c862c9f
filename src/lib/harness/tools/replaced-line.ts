/**
 * T3: when old_text is not in the file and nothing in the file is like it (words from a test
 * report, say), the line new_text would replace, read from new_text itself — a whole file shown
 * does not point at the line to copy. It is the line most like new_text's first line (by
 * nearestLine's measure), or else the file's one line that begins with the same word (`return`);
 * none when several do, or new_text's line is the file's.
 */
import { nearestLine, scannedLines, type NearestLine } from './nearest-line';

/** The first word of a line: a keyword or a name (`return`, `const`, `Math.max`). */
function firstWord(line: string): string | undefined {
  return /^[\p{L}_$][\p{L}\p{N}_$.]*/u.exec(line.trim())?.[0];
}

/** Bounded as nearestLine is: the file's first `scannedLines` lines. */
export function replacedLine(text: string, newText: string): NearestLine | undefined {
  const wanted = newText.split('\n').find((line) => line.trim());
  if (!wanted) return undefined;
  const lines = text.split('\n', scannedLines);
  if (lines.some((line) => line.trim() === wanted.trim())) return undefined;
  const near = nearestLine(text, wanted);
  if (near) return near;
  const word = firstWord(wanted);
  if (!word) return undefined;
  const same = linesBeginning(lines, word);
  return same.length === 1 ? { number: same[0]! + 1, text: lines[same[0]!]! } : undefined;
}

/** Indexes of the lines that begin with `word` as a whole word. */
function linesBeginning(lines: readonly string[], word: string): number[] {
  return lines.flatMap((line, index) => (firstWord(line) === word ? [index] : []));
}
