/** Loaded by Playwright into a page of the dev server: the store contract in real IndexedDB. */
import { sessionStoreChecks } from '../../unit/contracts/session-store-checks';
import { openHarnessDatabase } from '../../../src/lib/store/harness-database';
import { IndexedDbSessionStore } from '../../../src/lib/store/indexeddb-session-store';

export async function runStoreContract(): Promise<{ name: string; error?: string }[]> {
  const results: { name: string; error?: string }[] = [];
  for (const [index, check] of sessionStoreChecks.entries()) {
    const name = `contract-${Date.now()}-${index}`;
    const database = await openHarnessDatabase({ name });
    try {
      await check.run(new IndexedDbSessionStore(database));
      results.push({ name: check.name });
    } catch (error) {
      results.push({ name: check.name, error: (error as Error).message });
    } finally {
      database.close();
      indexedDB.deleteDatabase(name);
    }
  }
  return results;
}
