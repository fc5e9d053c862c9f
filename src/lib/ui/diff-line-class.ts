/** The CSS class of one line of a unified diff: added, removed, hunk header, or context. */
export function diffLineClass(line: string): string {
  if (line.startsWith('+') && !line.startsWith('+++')) return 'add';
  if (line.startsWith('-') && !line.startsWith('---')) return 'del';
  return line.startsWith('@@') ? 'hunk' : '';
}
