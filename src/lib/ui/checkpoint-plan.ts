/**
 * W6: which file states become checkpoints, and their names — one rule for a live run and for a
 * session reopened after a reload (made again from its stored snapshots), so both list the same
 * checkpoints: the first state is the baseline; after that, a state is kept only when its files
 * differ from the last kept one (a step that rewrote a file with the same text makes none).
 */
import type { FileMap } from '../workspace/workspace-files';

export const baselineLabel = 'baseline: the files before the first change';

/** The same files give the same key, whatever order they were read in. */
export function filesKey(files: FileMap): string {
  return JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A checkpoint is named by the model step it follows: the model replies in the first `length` items. */
export function modelStepsIn(history: readonly { kind: string }[], length = history.length): number {
  return history.slice(0, length).filter((item) => item.kind === 'assistant').length;
}

export function checkpointLabel(first: boolean, step: number): string {
  return first ? baselineLabel : `after step ${step}`;
}
