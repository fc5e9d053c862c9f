import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, scheme] of [[1280, 800, 'light'], [1024, 700, 'dark'], [1920, 1080, 'light']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
  const errors = [];
  page.on('pageerror', (e) => errors.push('pageerror ' + e.message));
  await page.goto('http://127.0.0.1:4310/');
  await page.getByRole('tab', { name: 'Evals' }).or(page.getByRole('link', { name: 'Evals' })).or(page.getByRole('button', { name: 'Evals' })).first().click();
  await page.waitForTimeout(800);
  await page.locator('input[type=file][accept*="jsonl"]').setInputFiles({ name: 'results.jsonl', mimeType: 'application/x-ndjson', buffer: readFileSync('/tmp/realevals/results.jsonl') });
  await page.waitForTimeout(2500);
  await page.evaluate(() => window.scrollTo(0, 400)); await page.locator("figure").first().scrollIntoViewIfNeeded(); await page.screenshot({ path: `/tmp/evals-${w}-${scheme}.png`, fullPage: true });
  console.log(w, errors);
}
await browser.close();
