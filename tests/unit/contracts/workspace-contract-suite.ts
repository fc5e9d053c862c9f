/** Runs the shared Workspace checks as vitest tests against one backend. */
import { describe, it } from 'vitest';
import type { WorkspaceFixture } from './workspace-contract';
import { workspaceChecks } from './workspace-contract';

export function workspaceContract(name: string, fixture: WorkspaceFixture): void {
  describe(`Workspace contract: ${name}`, () => {
    for (const check of workspaceChecks(fixture)) {
      if (check.skip) it.skip(`${check.name} (skipped: ${check.skip})`, () => undefined);
      else it(check.name, () => check.run());
    }
  });
}
