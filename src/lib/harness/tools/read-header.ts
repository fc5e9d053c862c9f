/**
 * The line read_file puts above what it shows (`# src/a.js (lines 1-4 of 4)`), and the mark for a
 * cut. Every place that shows a file as read_file does (the files a task names, read-first's
 * refusal) writes them from here, so one pattern finds them all again: Qwen2.5-Coder-1.5B,
 * appending to TODO.md, wrote the file back with the header as its first line (a Markdown
 * heading, to it), and the check failed on that line alone (rung 1).
 */

export const cutMark = '[… cut: read_file shows the rest]';

/** `range`: "lines 1-4 of 4", "12 lines, cut", "past the end: the file has 3 lines". */
export const readHeader = (path: string, range: string): string => `# ${path} (${range})`;

const headerLine = /^# \S+ \((?:lines \d+-\d+ of \d+|\d+ lines, cut|past the end: the file has \d+ lines)\)$/;

/** `text` cut at `chars`, with the mark when it was. */
export function cutText(text: string, chars: number): { text: string; cut: boolean } {
  return text.length > chars ? { text: `${text.slice(0, chars)}\n${cutMark}`, cut: true } : { text, cut: false };
}

/**
 * Content written with read_file's header as its first line (or its cut mark as a line), without
 * them, and what was taken out. No file written by a person starts with that exact line.
 */
export function withoutReadMarks(content: string): { content: string; removed: string[] } {
  const lines = content.split('\n');
  const removed: string[] = [];
  if (lines.length > 0 && headerLine.test(lines[0]!.trim())) removed.push(lines.shift()!);
  const kept = lines.filter((line) => line.trim() !== cutMark || (removed.push(line), false));
  return removed.length ? { content: kept.join('\n'), removed } : { content, removed };
}
