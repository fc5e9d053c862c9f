import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
const dir = '/tmp/realevals/sessions';
const picks = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors = [];
page.on('pageerror', (e) => errors.push('pageerror ' + e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push('console ' + m.text()); });
await page.goto('http://127.0.0.1:4310/');
await page.waitForTimeout(1500);
for (const name of picks) {
  const file = readFileSync(`${dir}/${name}`);
  await page.getByRole('region', { name: 'Sessions' }).locator('input[type=file]').setInputFiles({ name, mimeType: 'application/json', buffer: file });
  await page.waitForTimeout(800);
  const alert = await page.getByRole('alert').allTextContents();
  console.log(name, '→', alert.join(' | ').slice(0, 200));
  // confirm dialog if any
  const dialogs = await page.getByRole('dialog').count();
  if (dialogs) { console.log('dialog:', (await page.getByRole('dialog').first().textContent()).slice(0, 300)); }
}
await page.screenshot({ path: '/tmp/replay-import.png' });
const replays = page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: /^Replay / });
console.log('replay buttons', await replays.count());
for (let i = 1; i < await replays.count(); i++) {
  await replays.nth(i).click();
  await page.waitForTimeout(800);
  const pos = await page.getByRole('status', { name: 'Replay position' }).textContent().catch(() => 'none');
  await page.keyboard.press('End');
  await page.waitForTimeout(800);
  const pos2 = await page.getByRole('status', { name: 'Replay position' }).textContent().catch(() => 'none');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(500);
  const pos3 = await page.getByRole('status', { name: 'Replay position' }).textContent().catch(() => 'none');
  console.log('replay', i, pos, '→', pos2, '→', pos3);
  await page.screenshot({ path: `/tmp/replay-${i}.png` });
}
console.log('errors', errors);
await browser.close();
