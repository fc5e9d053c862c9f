#!/usr/bin/env node
// Screenshots of the page for review: 1024×700, 1280×800 and 1920×1080, light and dark.
// Usage: node scripts/screenshots.mjs [URL] [OUT_DIR] [path-suffix …]  (the app must be served)
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = process.argv[3] ?? 'screenshots';
const pages = process.argv.slice(4).length ? process.argv.slice(4) : ['/'];
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const [width, height] of [
  [1024, 700],
  [1280, 800],
  [1920, 1080],
]) {
  for (const scheme of ['light', 'dark']) {
    for (const [index, suffix] of pages.entries()) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${base}${suffix}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}/${index}-${width}x${height}-${scheme}.png` });
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}/`);
