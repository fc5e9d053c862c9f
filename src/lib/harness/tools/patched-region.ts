/**
 * T1: what a patch left, said in its result. "patched (-2 +4 lines)" does not show a fixed loop
 * added above the old one that stayed; the lines around the change, as the file now reads, do. A
 * name declared twice is declared-twice.ts's.
 */
import { clipEnd } from '../context/clip';

/** Lines shown each side of the change, and the most shown at all (a longer change is not shown). */
const around = 2;
const shownLines = 16;
const lineChars = 200;

/** A line as a result shows it: a minified line is cut, since it is read, not copied back. */
export const shownLine = (line: string): string => clipEnd(line, lineChars);

/** The 0-based line of `text` that character `index` is on. */
export const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length - 1;

/** `after`'s lines around the span [start, end), or '' when the span is too long to show. */
export function patchedRegion(after: string, start: number, end: number): string {
  const lines = after.split('\n');
  const first = Math.max(0, lineOf(after, start) - around);
  const last = Math.min(lines.length - 1, lineOf(after, Math.max(start, end - 1)) + around);
  if (last - first + 1 > shownLines) return '';
  const shown = lines.slice(first, last + 1).map(shownLine);
  while (shown.length > 1 && shown[shown.length - 1] === '') shown.pop();
  const range =
    shown.length === 1 ? `line ${first + 1} now reads` : `lines ${first + 1}-${first + shown.length} now read`;
  return `\n${range}:\n${shown.join('\n')}`;
}
