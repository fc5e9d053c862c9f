/**
 * U1 U2 (the smaller items): words on the page say what is so — inline code stays on
 * one line, the Demo model says it fits only its own sample instead of failing on missing files,
 * and a notice about the last session does not stay on a new one.
 */
import { expect, openFresh, presetUrl, test } from './fixtures';

test('U2 inline code keeps to one line inside its sentence ("ollama serve" is not broken in two)', async ({
  page,
  ollama,
}) => {
  const server = await ollama();
  const host = server.url;
  await server.stop();
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, presetUrl({ host }));
  const code = page.getByLabel('No server found').locator('code');
  await expect(code).toHaveText('ollama serve');
  expect(await code.evaluate((element) => element.getClientRects().length)).toBe(1);
});

test('U1 the Demo model fits only its own sample: in another workspace Run says so instead of failing', async ({
  page,
}) => {
  await openFresh(page, presetUrl({ host: 'http://127.0.0.1:9' }));
  await page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Files' })).not.toContainText('sum.js');
  await page.getByRole('textbox', { name: 'Task' }).fill('Fix the failing test.');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Task' })).toHaveAccessibleDescription(
    /fits only its own sample \(src\/sum\.js\)/,
  );
});

test('U1 the "Imported …" notice belongs to the imported session: a new session clears it', async ({ page }) => {
  await openFresh(page, presetUrl({ host: 'http://127.0.0.1:9' }));
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.locator('input[type=file]').setInputFiles('src/lib/ui/teaching/lessons/clean-run.session.json');
  const imported = page.getByRole('alert').filter({ hasText: 'Imported "' });
  await expect(imported).toBeVisible();
  await sessions.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await expect(imported).toHaveCount(0);
});
