import { expect, test } from '@playwright/test';
import { devServer } from './dev-server';

test('W1 W2 W3 the Workspace contract passes for the offline shell in real Chromium', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(devServer);
  const results: { name: string; error?: string; skipped?: string }[] = await page.evaluate(async (url) => {
    const module = await import(/* @vite-ignore */ url);
    return module.runWorkspaceContract();
  }, '/tests/e2e/browser/workspace-contract.ts');
  expect(results.length).toBeGreaterThanOrEqual(8);
  for (const result of results) expect(result.error, result.name).toBeUndefined();
});
