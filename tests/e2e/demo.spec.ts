import { expect, openFresh, test } from './fixtures';

test('U1 first run without Ollama: the demo model shows tools, approvals, files changing and a final answer', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openFresh(page, '/');
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  await expect(
    page.getByLabel(/^Model: Demo model: replays a bundled example session\. It is not a real model/),
  ).toContainText('not a real model');
  await page.getByRole('button', { name: 'Demo model' }).click();
  await expect(page.getByRole('textbox', { name: 'Task' })).toHaveValue(/sum\(\)/);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve tool call' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Diff')).toContainText('+  for (let i = 0;');
  await dialog.getByLabel(/Allow patch_file/).check();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeVisible(); // run_shell asks too
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('now starts at 0');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('patched src/sum.js');
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: /sum\.js/ })
    .click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('let i = 0', { timeout: 20_000 });
  await page.screenshot({ path: 'test-results/screenshots/demo-1280x800.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('tab', { name: 'Inspector' }).click();
  await page.screenshot({ path: 'test-results/screenshots/demo-1920x1080.png' });
  expect(errors).toEqual([]);
});

test('U1 the terminal runs commands on the workspace shell', async ({ page }) => {
  await openFresh(page, '/?sample=failing-test&workspace=offline');
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByLabel('Terminal', { exact: true });
  await expect(terminal).toContainText('Each line is its own command');
  await terminal.click();
  await page.keyboard.type('npm test');
  await page.keyboard.press('Enter');
  await expect(terminal).toContainText('ℹ fail 2', { timeout: 20_000 });
  await page.screenshot({ path: 'test-results/screenshots/terminal-1280x800.png' });
});
