import { expect, test } from '@playwright/test';
import { devServer } from './dev-server';

test('S1 S2 S4 the SessionStore contract passes against the real IndexedDB of Chromium', async ({ page }) => {
  await page.goto(devServer);
  const results = await page.evaluate(async () => {
    const module = await import(/* @vite-ignore */ '/tests/e2e/browser/store-contract.ts');
    return module.runStoreContract();
  });
  expect(results.length).toBeGreaterThan(4);
  for (const result of results) expect(result.error, result.name).toBeUndefined();
});
