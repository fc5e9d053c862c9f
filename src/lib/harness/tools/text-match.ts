/**
 * Where patch_file's old_text is in a file: exactly, or — when it is not there exactly — with
 * whitespace ignored. Qwen2.5-Coder-1.5B patched `function square(n) {\n  return n * n;\n}` as
 * `function square(n) { return n * n; }`, six times, each refused as "not found" (rung 2). Code
 * means the same with its whitespace changed far more often than an old_text matches two places
 * that differ only in whitespace, and a match must still be the only one.
 */

export interface TextMatch {
  /** How many places match (the first way that finds any). */
  count: number;
  /** The one match's span in the text, when count is 1. */
  start: number;
  end: number;
  /** Found only with whitespace ignored. */
  loose: boolean;
}

function exactCount(text: string, needle: string): { count: number; first: number } {
  let count = 0;
  const first = text.indexOf(needle);
  for (let index = first; index !== -1; index = text.indexOf(needle, index + needle.length)) count++;
  return { count, first };
}

export function findText(text: string, needle: string): TextMatch {
  const exact = exactCount(text, needle);
  if (exact.count > 0 || !needle.trim())
    return { count: exact.count, start: exact.first, end: exact.first + needle.length, loose: false };
  // The text without whitespace, and where each of its characters was.
  const positions: number[] = [];
  let squeezed = '';
  for (let index = 0; index < text.length; index++)
    if (!/\s/.test(text[index]!)) {
      positions.push(index);
      squeezed += text[index];
    }
  const target = needle.replace(/\s+/g, '');
  const loose = exactCount(squeezed, target);
  if (loose.count !== 1) return { count: loose.count, start: -1, end: -1, loose: true };
  const start = positions[loose.first]!;
  const end = positions[loose.first + target.length - 1]! + 1;
  return { count: 1, start, end, loose: true };
}
