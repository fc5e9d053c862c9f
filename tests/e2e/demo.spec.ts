import { expect, test } from '@playwright/test';

test('W1 the harness runs in the browser: the demo repairs a file in the offline workspace', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Harness Playground' })).toBeVisible();
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  await page.getByRole('button', { name: 'Run demo' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('patched src/sum.js');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('now starts at 0');
  await expect(transcript).toContainText('let i = 0');
  await page.screenshot({ path: 'test-results/screenshots/demo-1280.png', fullPage: true });
  expect(errors).toEqual([]);
});
