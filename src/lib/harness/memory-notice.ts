/** S3: memory enters the prompt as an item appended after the stable prefix, when it changes. */
import type { HistoryItem, Memory } from './session';

export function memoryText(memory: Memory): string {
  const notes = memory.notes.map((note) => `  - ${note}`).join('\n') || '  - none';
  return [
    'Memory:',
    `- task: ${memory.task || '-'}`,
    `- files: ${memory.files.join(', ') || '-'}`,
    '- notes:',
    notes,
  ].join('\n');
}

export function lastMemoryText(history: readonly HistoryItem[]): string | undefined {
  for (let index = history.length - 1; index >= 0; index--) {
    const item = history[index];
    if (item.kind === 'notice' && item.reason === 'memory') return item.content;
  }
  return undefined;
}

export function rememberFiles(memory: Memory, files: readonly string[], limit = 20): void {
  for (const file of files) {
    const at = memory.files.indexOf(file);
    if (at !== -1) memory.files.splice(at, 1);
    memory.files.push(file);
  }
  if (memory.files.length > limit) memory.files.splice(0, memory.files.length - limit);
}

export function rememberNote(memory: Memory, note: string, limit = 20): void {
  memory.notes.push(note);
  if (memory.notes.length > limit) memory.notes.splice(0, memory.notes.length - limit);
}
