import { expect, test } from '@playwright/test';
import { devServer } from './dev-server';

test('W1 W2 W3 the Workspace contract passes for the offline shell in its Web Worker', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(devServer);
  const results: { name: string; error?: string }[] = await page.evaluate(
    async (url) => (await import(/* @vite-ignore */ url)).runWorkerContract(),
    '/tests/e2e/browser/worker-workspace-checks.ts',
  );
  expect(results.length).toBeGreaterThanOrEqual(8);
  for (const result of results) expect(result.error, result.name).toBeUndefined();
});

test('W2 a tight loop that ignores the stop: the page stays responsive, the worker is terminated, files survive, git still works', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(devServer);
  const outcome: {
    ticks: number;
    result: { exitCode: number; aborted: boolean; stderr: string };
    kept: string;
    afterwards: string;
    restarts: number;
    checkpoint: number;
  } = await page.evaluate(
    async (url) => (await import(/* @vite-ignore */ url)).runawayLoop(),
    '/tests/e2e/browser/worker-workspace-checks.ts',
  );
  expect(outcome.result).toMatchObject({
    exitCode: 130,
    aborted: true,
    stderr: expect.stringContaining('rolled back'),
  });
  expect(outcome.ticks).toBeGreaterThan(5); // timers kept firing on the page during the loop
  expect(outcome.kept).toBe('before the loop / written through the port');
  expect(outcome.afterwards).toBe('still working\n');
  expect(outcome.restarts).toBe(1);
  expect(outcome.checkpoint).toBe(1);
});
