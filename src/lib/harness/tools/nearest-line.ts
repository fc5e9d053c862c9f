/**
 * T3: the line of a file nearest to old_text that was not found, so the model can copy it: an
 * old_text that is nearly a line of the file (a call the line wraps, a `;` it lacks) is told only
 * "not found" again and again otherwise. The needle's first line with text is compared with each line of the
 * file; likeness counts the edits beyond the length difference (a line holding the needle whole
 * is as like as can be), among lines at least half as long as the other, and a line is named
 * when at most `unlike` of the shorter one differs. Bounded: the first
 * `scannedLines` lines, of `longestLine` characters or fewer.
 */
import { distance } from 'fastest-levenshtein';

export const scannedLines = 2000;
const longestLine = 400;
const unlike = 0.3;

export interface NearestLine {
  /** 1-based, as read_file numbers lines. */
  number: number;
  text: string;
}

export function nearestLine(text: string, needle: string): NearestLine | undefined {
  const wanted = needle
    .split('\n')
    .find((line) => line.trim())
    ?.trim();
  if (!wanted || wanted.length > longestLine) return undefined;
  let best: (NearestLine & { score: number }) | undefined;
  const lines = text.split('\n', scannedLines);
  lines.forEach((line, index) => {
    const have = line.trim();
    const [short, long] = [have.length, wanted.length].sort((a, b) => a - b) as [number, number];
    if (!have || have.length > longestLine || short < long / 2) return;
    const score = (distance(have, wanted) - (long - short)) / short;
    if (score <= unlike && (!best || score < best.score)) best = { number: index + 1, text: line, score };
  });
  return best && { number: best.number, text: best.text };
}
