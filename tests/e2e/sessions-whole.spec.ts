/**
 * S2, S4, W6: the page keeps every session whole through the moves people make — export and
 * import, two tabs, reloads at awkward moments, renames, deletes.
 */
import { readFileSync } from 'node:fs';
import { acceptLink, expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

test('S4 W6 an exported finished session imports whole in a fresh browser: transcript, events, files, outcome', async ({
  page,
  browser,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'kept\n' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { content: 'All done: notes.txt holds "kept".' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'Write and read notes.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('All done');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sessions.getByRole('button', { name: 'Export Write and read notes.', exact: true }).click(),
  ]);
  const file = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(file).events.length).toBeGreaterThan(10);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openFresh(other, '/?sample=multi-file');
  await other
    .getByRole('region', { name: 'Sessions' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.session.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  const transcript = other.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('Write and read notes.');
  await expect(transcript).toContainText('wrote notes.txt');
  await expect(other.getByRole('region', { name: 'Final answer' })).toContainText('All done');
  await expect(other.getByText('This session was interrupted')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Files' })).toContainText('notes.txt');
  // The task box does not keep the sample's task.
  await expect(other.getByRole('textbox', { name: 'Task' })).toHaveValue('');
  await fresh.close();
});

test('S2 two tabs on an idle session: a stale tab is told to reload and no turn is lost', async ({
  page,
  context,
  ollama,
}) => {
  const server = await ollama({ script: [{ content: 'one' }, { content: 'two' }, { content: 'three' }] });
  const url = presetUrl({ host: server.url, model });
  await openFresh(page, url);
  await runTask(page, 'Task one.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('one');
  const second = await context.newPage();
  await second.goto(url);
  await acceptLink(second, url);
  await expect(second.getByRole('region', { name: 'Transcript' })).toContainText('Task one.');
  await runTask(second, 'Task two.');
  await expect(second.getByRole('region', { name: 'Final answer' })).toContainText('two');
  // Tab one never saw task two: its run must not overwrite it.
  await runTask(page, 'Task three.');
  await expect(page.getByRole('alert').filter({ hasText: 'was changed elsewhere' })).toBeVisible();
  const third = await context.newPage();
  await third.goto('/');
  const transcript = third.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('Task one.');
  await expect(transcript).toContainText('Task two.');
  expect(server.chatRequests()).toHaveLength(2);
});

test('S2 a reload during the first streamed reply keeps the task; an interrupted session wins over a preset', async ({
  page,
  ollama,
}) => {
  const server = await ollama({ script: [{ content: 'slowly '.repeat(300), chunkSize: 3, tokenDelayMs: 40 }] });
  const url = presetUrl({ host: server.url, model, sample: 'failing-test' });
  await openFresh(page, url);
  await runTask(page, 'Fix the slugify bug carefully.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('slowly slowly');
  await page.reload();
  await acceptLink(page, url);
  await expect(page.getByText('This session was interrupted before it finished')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('Fix the slugify bug carefully.');
  server.enqueue({ content: 'Resumed.' });
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Resumed.');
  const messages = server.chatRequests().at(-1)!.body!.messages as { content: string }[];
  expect(messages.map((message) => message.content).join('\n')).toContain(
    'Continue with the task: Fix the slugify bug carefully.',
  );
});

test('S2 after a reload at an approval dialog, the reply that asked is shown before it is sent again', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { content: 'I will write it.\n<tool name="write_file" path="a.txt"><content>x</content></tool>' },
      { hang: true },
    ],
  });
  const url = presetUrl({ host: server.url, model: 'gemma2:2b', approval: 'ask' });
  await openFresh(page, url);
  await runTask(page, 'Write a.txt.');
  await expect(page.getByRole('dialog', { name: 'Approve tool call' })).toBeVisible();
  await page.reload();
  await acceptLink(page, url);
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('I will write it.');
  await expect(page.getByRole('region', { name: 'Transcript' }).locator('mark')).toContainText(
    '<tool name="write_file" path="a.txt">',
  );
});

test('S4 T4 a rename keeps the page attached to its session: approval "never" then applies', async ({
  page,
  ollama,
}) => {
  const write = { toolCalls: [{ name: 'write_file', arguments: { path: 'b.txt', content: 'x' } }] };
  const server = await ollama({ script: [{ content: 'first' }, write, { content: 'not written' }] });
  await openFresh(page, presetUrl({ host: server.url, model }));
  await runTask(page, 'Say first.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('first');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Rename Say first.' }).click();
  await sessions.getByLabel('Session title').fill('Renamed');
  await sessions.getByLabel('Session title').press('Enter');
  await expect(sessions).toContainText('Renamed');
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Approval policy' }).selectOption('never');
  await settings.getByRole('button', { name: 'Save' }).click();
  await runTask(page, 'Write b.txt.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('not written');
  await expect(page.getByRole('dialog', { name: 'Approve tool call' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('approval policy "never"');
});

test('S4 renaming can be cancelled with Escape or by clicking away', async ({ page }) => {
  await openFresh(page, '/?sample=failing-test');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Rename New session' }).click();
  await sessions.getByLabel('Session title').fill('Never saved');
  await sessions.getByLabel('Session title').press('Escape');
  await expect(sessions.getByLabel('Session title')).toHaveCount(0);
  await sessions.getByRole('button', { name: 'Rename New session' }).click();
  await sessions.getByLabel('Session title').fill('Also never saved');
  await page.getByRole('region', { name: 'Transcript' }).click();
  await expect(sessions.getByLabel('Session title')).toHaveCount(0);
  await expect(sessions).not.toContainText('saved');
});

test('S4 the running session cannot be deleted; deleting a parent removes its helpers; counts follow the run', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'list_files', arguments: {} }] },
      { content: 'wait', chunkSize: 1, tokenDelayMs: 400 },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'List and wait.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('[F] README.md');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('button', { name: 'Delete List and wait.' })).toBeDisabled();
  await expect(sessions).toContainText(/[3-9] items/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(sessions.getByRole('button', { name: 'Delete List and wait.' })).toBeEnabled();
});

test('S4 a deleted session can be taken back for a short while: Undo restores it whole, through a reload', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'worth keeping\n' } }] },
      { content: 'Wrote notes.txt.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'Write notes to keep.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Wrote notes.txt.');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  page.once('dialog', (dialog) => dialog.accept());
  await sessions.getByRole('button', { name: 'Delete Write notes to keep.' }).click();
  await expect(sessions).not.toContainText('Write notes to keep.');
  const notice = page.getByRole('alert').filter({ hasText: 'Deleted “Write notes to keep.”' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(sessions.getByRole('button', { name: /^Write notes to keep\./ })).toBeVisible();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('Wrote notes.txt.');
  await expect(page.getByRole('region', { name: 'Files' })).toContainText('notes.txt');
  await page.reload();
  await acceptLink(page, page.url());
  await sessions.getByRole('button', { name: /^Write notes to keep\./ }).click();
  await expect(transcript).toContainText('Wrote notes.txt.');
  await expect(transcript.getByRole('status')).toContainText('Finished');
});
