import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openHarnessDatabase } from '../../../src/lib/store/harness-database';
import { evalResultsKeeper } from '../../../src/lib/ui/eval-results-keeper';
import { evalResult } from '../../fixtures/eval-result';

const result = (repeat: number) =>
  evalResult({ task: 't', repeat, passed: repeat === 1, outputTokens: 5, host: 'http://127.0.0.1:11434' });

describe('O2 the Evals table survives a reload', () => {
  it('O2 results kept in IndexedDB read back whole, with where they came from', async () => {
    globalThis.indexedDB = new IDBFactory();
    const database = await openHarnessDatabase();
    const keeper = evalResultsKeeper(() => database);
    expect(await keeper.load()).toBeUndefined();
    expect(await keeper.save({ results: [result(1), result(2)], source: 'import' })).toBeUndefined();
    const reopened = evalResultsKeeper(() => database);
    expect(await reopened.load()).toEqual({ results: [result(1), result(2)], source: 'import' });
  });

  it('O2 a kept value that is not results is dropped with a message, never shown half', async () => {
    globalThis.indexedDB = new IDBFactory();
    const database = await openHarnessDatabase();
    await database.put('settings', { key: 'eval-results', value: { lines: '{"runId": 3}\n', source: 'page' } });
    expect(await evalResultsKeeper(() => database).load()).toEqual({ problem: expect.stringContaining('dropped') });
    await database.put('settings', { key: 'eval-results', value: { lines: 42 } });
    expect(await evalResultsKeeper(() => database).load()).toEqual({ problem: expect.stringContaining('dropped') });
  });
});
