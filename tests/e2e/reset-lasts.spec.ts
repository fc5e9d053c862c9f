import { expect, openFresh, test } from './fixtures';

test('S4 Reset lasts: after a reload the cleared session stays cleared, with its files', async ({ page }) => {
  await openFresh(page, '/');
  await page.getByRole('button', { name: 'Demo model' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve tool call' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('now starts at 0');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('patched src/sum.js');

  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(transcript).not.toContainText('patched src/sum.js');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await expect(transcript).not.toContainText('patched src/sum.js');
  await expect(page.getByRole('region', { name: 'Final answer' })).toBeHidden();
  // Its files stay: the fix the run made is still there.
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: /sum\.js/ })
    .click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('let i = 0', { timeout: 20_000 });
});
