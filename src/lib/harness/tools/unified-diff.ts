import { createTwoFilesPatch } from 'diff';

/** A unified diff for approval dialogs (T4); empty when nothing changes. */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, '', '', { context: 3 })
    .split('\n')
    .slice(2) // drop the "====" banner jsdiff writes first
    .join('\n');
}
