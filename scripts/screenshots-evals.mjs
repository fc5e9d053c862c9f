#!/usr/bin/env node
// Screenshots of the Evals view with a results file imported (table, verdicts, charts per rung):
// 1024×700, 1280×800 and 1920×1080, light and dark. The app must be served.
// Usage: node scripts/screenshots-evals.mjs URL RESULTS.jsonl OUT_DIR
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
const [base, results, out] = process.argv.slice(2);
const executablePath = ['/usr/bin/chromium'].find((path) => existsSync(path));
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [width, height] of [
  [1024, 700],
  [1280, 800],
  [1920, 1080],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
    const evals = page.getByRole('region', { name: 'Evals' });
    await evals.locator('input[type=file][accept*="jsonl"]').setInputFiles(results);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/evals-${width}x${height}-${scheme}.png`, fullPage: false });
    await evals.getByRole('table', { name: 'Eval comparison' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/evals-table-${width}x${height}-${scheme}.png` });
    await context.close();
  }
}
await browser.close();
