/** Loaded into a dev-server page: the offline shell in its Web Worker, in real Chromium. */
import { workspaceChecks } from '../../unit/contracts/workspace-contract';
import { WorkerWorkspace } from '../../../src/lib/workspace/offline-worker/worker-workspace';
import { Checkpoints } from '../../../src/lib/workspace/git/checkpoints';

export async function runWorkerContract(): Promise<{ name: string; error?: string; skipped?: string }[]> {
  const created: WorkerWorkspace[] = [];
  const checks = workspaceChecks({
    create: async (files) => {
      const workspace = await WorkerWorkspace.create(files);
      created.push(workspace);
      return workspace;
    },
    symlink: async (workspace, target, link) => void (await workspace.exec(`ln -s '${target}' '${link}'`)),
    forever: 'sleep 30',
    flood: 'seq 1 400000',
  });
  const results: { name: string; error?: string; skipped?: string }[] = [];
  for (const check of checks) {
    try {
      await check.run();
      results.push({ name: check.name });
    } catch (error) {
      results.push({ name: check.name, error: (error as Error).message });
    }
  }
  for (const workspace of created) workspace.dispose();
  return results;
}

/** A tight loop that ignores the stop: the page must stay responsive and the files must survive. */
export async function runawayLoop(): Promise<{
  ticks: number;
  result: { exitCode: number; aborted: boolean; stderr: string };
  kept: string;
  afterwards: string;
  restarts: number;
  checkpoint: number;
}> {
  const workspace = await WorkerWorkspace.create({ 'kept.txt': 'before the loop' });
  await workspace.writeFile('also.txt', 'written through the port');
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 50);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 400);
  const result = await workspace.exec(`echo changed > kept.txt; node -e 'while (true) {}'`, {
    timeoutMs: 60_000,
    signal: controller.signal,
  });
  clearInterval(ticker);
  const kept = `${await workspace.readFile('kept.txt')} / ${await workspace.readFile('also.txt')}`;
  const afterwards = (await workspace.exec('echo still working')).stdout;
  const { fs, dir } = workspace.gitFs();
  const checkpoints = new Checkpoints(fs, dir, workspace);
  await checkpoints.create('s', 1);
  const list = await checkpoints.list('s');
  workspace.dispose();
  return {
    ticks,
    result: { exitCode: result.exitCode, aborted: result.aborted, stderr: result.stderr },
    kept,
    afterwards,
    restarts: workspace.restarts,
    checkpoint: list.length,
  };
}
