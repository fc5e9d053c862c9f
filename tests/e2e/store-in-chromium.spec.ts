import { expect, test } from '@playwright/test';
import { devServer } from './dev-server';

test('S1 S2 S4 the SessionStore contract passes against the real IndexedDB of Chromium', async ({ page }) => {
  await page.goto(devServer);
  const results: { name: string; error?: string }[] = await page.evaluate(async (url) => {
    // The dev server transforms the TypeScript module on request; the path is a URL, not an import.
    const module = await import(/* @vite-ignore */ url);
    return module.runStoreContract();
  }, '/tests/e2e/browser/store-contract.ts');
  expect(results.length).toBeGreaterThan(4);
  for (const result of results) expect(result.error, result.name).toBeUndefined();
});
