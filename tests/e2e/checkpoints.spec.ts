import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

test('checkpoints after changing steps: diff two, restore one, and undo the restore (git in the browser)', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'one\n' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'two\n' } }] },
      { toolCalls: [{ name: 'git', arguments: { action: 'status' } }] },
      { content: 'Wrote notes twice.' },
    ],
  });
  await openFresh(
    page,
    presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', approval: 'auto', sample: 'multi-file' }),
  );
  await runTask(page, 'Write notes twice.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Wrote notes twice.');
  await expect(page.getByLabel('Tool call git')).toContainText('?? notes.txt');
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  const pane = page.getByRole('region', { name: 'Checkpoints' });
  await expect(pane.getByRole('row')).toHaveCount(4); // header, the baseline before the run, two steps
  await expect(pane.getByRole('row').last()).toContainText('baseline: before this run changed anything');
  await pane.getByLabel('Diff from after step 1').check();
  await pane.getByLabel('Diff to after step 2').check();
  await pane.getByRole('button', { name: 'Show diff' }).click();
  await expect(pane.getByLabel('Diff of notes.txt')).toContainText('-one');
  await expect(pane.getByLabel('Diff of notes.txt')).toContainText('+two');
  await expect(pane.getByLabel('Diff of notes.txt')).toContainText('--- a/notes.txt');
  await pane.getByRole('button', { name: 'Restore after step 1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Restored checkpoint' })).toBeVisible();
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'notes.txt' }).click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('one', { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  await pane.getByRole('button', { name: /Restore before restoring/ }).click();
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'notes.txt' }).click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('two', { timeout: 20_000 });
});
