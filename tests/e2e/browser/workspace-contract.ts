/** Loaded by Playwright into a dev-server page: the Workspace contract for the offline shell in real Chromium. */
import { workspaceChecks } from '../../unit/contracts/workspace-contract';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';

export async function runWorkspaceContract(): Promise<{ name: string; error?: string; skipped?: string }[]> {
  const checks = workspaceChecks({
    create: async (files) => new MemoryWorkspace({ files }),
    symlink: (workspace, target, link) => (workspace as MemoryWorkspace).fs.symlink(target, `/workspace/${link}`),
    forever: 'sleep 30',
    flood: 'seq 1 400000',
  });
  const results: { name: string; error?: string; skipped?: string }[] = [];
  for (const check of checks) {
    if (check.skip) {
      results.push({ name: check.name, skipped: check.skip });
      continue;
    }
    try {
      await check.run();
      results.push({ name: check.name });
    } catch (error) {
      results.push({ name: check.name, error: (error as Error).message });
    }
  }
  return results;
}
