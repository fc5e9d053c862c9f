/** T4, W6: the change a write would make, as a unified diff (approval dialogs, checkpoints). */
import { createTwoFilesPatch } from 'diff';

/** A unified diff with `--- a/PATH` and `+++ b/PATH` headers (T4 dialogs, checkpoints); empty when nothing changes. */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, '', '', { context: 3 })
    .split('\n')
    .filter((line) => !/^=+$/.test(line)) // the banner jsdiff writes first
    .map((line) => (line.startsWith('--- ') || line.startsWith('+++ ') ? line.replace(/\t$/, '') : line))
    .join('\n');
}
