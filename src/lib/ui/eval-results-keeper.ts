/**
 * O2, U6: the Evals view's table survives a reload — the results (and where they came from) are
 * kept in IndexedDB's settings store under one key, replaced whole on every change. A stored
 * value that does not read back as results is dropped with a message, never shown half.
 */
import type { HarnessDatabase } from '../store/harness-database';
import type { EvalResult } from '../evals/eval-result';
import { parseResults, resultLine } from '../evals/results-file';

const key = 'eval-results';

export type EvalSource = 'page' | 'import' | 'bundle';

export interface KeptResults {
  results: EvalResult[];
  source: EvalSource;
}

export interface EvalResultsKeeper {
  load(): Promise<KeptResults | { problem: string } | undefined>;
  save(kept: KeptResults): Promise<string | undefined>;
}

export function evalResultsKeeper(database: () => HarnessDatabase | undefined): EvalResultsKeeper {
  return {
    async load() {
      const stored = (await database()?.get('settings', key))?.value as
        { lines?: unknown; source?: unknown } | undefined;
      if (!stored) return undefined;
      try {
        if (typeof stored.lines !== 'string') throw new Error('not a results file');
        const { results } = parseResults(stored.lines);
        const source: EvalSource = stored.source === 'import' || stored.source === 'bundle' ? stored.source : 'page';
        return { results, source };
      } catch (error) {
        return { problem: `The kept eval results could not be read (${(error as Error).message}); they were dropped.` };
      }
    },
    async save(kept) {
      try {
        // As results.jsonl text: plain data IndexedDB can clone, and the same reader on the way back.
        const value = { lines: kept.results.map(resultLine).join(''), source: kept.source };
        await database()?.put('settings', { key, value });
        return undefined;
      } catch (error) {
        return `The eval results could not be kept: ${(error as Error).message}`;
      }
    },
  };
}
