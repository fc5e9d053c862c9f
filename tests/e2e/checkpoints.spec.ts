import type { Page } from '@playwright/test';
import { expect, openFresh, presetUrl, runTask, test } from './fixtures';
import type { FakeOllamaOptions, FakeOllamaServer, FakeReply } from '../fixtures/fake-ollama-server';

/** A run that writes notes.txt twice (two checkpoints after the baseline), then answers. */
async function writeNotesTwice(
  page: Page,
  ollama: (options?: FakeOllamaOptions) => Promise<FakeOllamaServer>,
  extra: FakeReply[] = [],
) {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'one\n' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'two\n' } }] },
      ...extra,
      { content: 'Wrote notes twice.' },
    ],
  });
  await openFresh(
    page,
    presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', approval: 'auto', sample: 'multi-file' }),
  );
  await runTask(page, 'Write notes twice.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Wrote notes twice.');
}

test('checkpoints after changing steps: diff two, restore one, and undo the restore (git in the browser)', async ({
  page,
  ollama,
}) => {
  await writeNotesTwice(page, ollama, [{ toolCalls: [{ name: 'git', arguments: { action: 'status' } }] }]);
  await expect(page.getByLabel('Tool call git')).toContainText('?? notes.txt');
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  const pane = page.getByRole('region', { name: 'Checkpoints' });
  await expect(pane.getByRole('row')).toHaveCount(4); // header, the baseline before the run, two steps
  await expect(pane.getByRole('row').last()).toContainText('baseline: the files before the first change');
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

test('W6 U1 checkpoints last: after opening another session and after a reload they are listed, diff and restore', async ({
  page,
  ollama,
}) => {
  await writeNotesTwice(page, ollama);
  const pane = page.getByRole('region', { name: 'Checkpoints' });
  const sessions = page.getByRole('list', { name: 'Sessions' });
  const reopen = async () => {
    await sessions.getByRole('button', { name: /^Write notes twice/ }).click();
    await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('Wrote notes twice.');
    await page.getByRole('tab', { name: 'Checkpoints' }).click();
  };
  // Another session, then back.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  await expect(pane).toContainText('No checkpoints yet');
  await reopen();
  await expect(pane.getByRole('row')).toHaveCount(4);
  // A reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await reopen();
  await expect(pane.getByRole('row')).toHaveCount(4);
  await expect(pane).toContainText('after step 2');
  await pane.getByLabel('Diff from after step 1').check();
  await pane.getByLabel('Diff to after step 2').check();
  await pane.getByRole('button', { name: 'Show diff' }).click();
  await expect(pane.getByLabel('Diff of notes.txt')).toContainText('+two');
  await pane.getByRole('button', { name: 'Restore after step 1' }).click();
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'notes.txt' }).click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('one', { timeout: 20_000 });
});

test('W6 checkpoints after a reload are the list shown before it: a step that changed nothing makes none, the baseline keeps its name', async ({
  page,
  ollama,
}) => {
  // Step 2 writes notes.txt with the text it already has: no change, so no checkpoint, live or reopened.
  await writeNotesTwice(page, ollama, [
    { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'two\n' } }] },
  ]);
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  const pane = page.getByRole('region', { name: 'Checkpoints' });
  const labels = async () =>
    (await pane.getByRole('row').allTextContents())
      .slice(1)
      .map((row) => /(baseline[^·\d]*|after step \d+)/.exec(row)?.[1]?.trim());
  await expect(pane.getByRole('row')).toHaveCount(4);
  const before = await labels();
  expect(before).toEqual(['after step 2', 'after step 1', 'baseline: the files before the first change']);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await page
    .getByRole('list', { name: 'Sessions' })
    .getByRole('button', { name: /^Write notes twice/ })
    .click();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('Wrote notes twice.');
  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  await expect(pane.getByRole('row')).toHaveCount(4);
  expect(await labels()).toEqual(before);
});
