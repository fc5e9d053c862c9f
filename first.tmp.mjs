import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, scheme] of [[1024, 700, 'dark'], [1280, 800, 'light'], [1920,1080,'dark']]) {
const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
await page.goto('http://127.0.0.1:4310/');
await page.waitForTimeout(2500);
await page.screenshot({ path: `/tmp/first-${w}-${scheme}.png` });
}
await browser.close();
