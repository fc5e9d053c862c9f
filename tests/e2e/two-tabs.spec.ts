import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

test('S2 the same session in a second tab is refused with a clear message, and nothing is corrupted', async ({
  page,
  context,
  ollama,
}) => {
  const server = await ollama({ script: [{ toolCalls: [{ name: 'list_files', arguments: {} }] }, { hang: true }] });
  const url = presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', approval: 'auto' });
  await openFresh(page, url);
  await runTask(page, 'List, then wait.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('[F] README.md');
  const second = await context.newPage();
  await second.goto(url);
  await expect(second.getByRole('region', { name: 'Transcript' })).toContainText('List, then wait.');
  await second.getByRole('textbox', { name: 'Task' }).fill('Interfere.');
  await second.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'is open in another tab' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped by you' })).toBeVisible();
  await second.reload();
  await expect(second.getByRole('region', { name: 'Transcript' })).not.toContainText('Interfere.');
});
