/** Runs the shared SessionStore checks as vitest tests against one store. */
import { describe, it } from 'vitest';
import type { SessionStore } from '../../../src/lib/harness/ports';
import { sessionStoreChecks } from './session-store-checks';

export { sampleSession } from './session-store-checks';

export function sessionStoreContract(name: string, create: () => Promise<SessionStore>): void {
  describe(`SessionStore contract: ${name}`, () => {
    for (const check of sessionStoreChecks) it(check.name, async () => check.run(await create()));
  });
}
