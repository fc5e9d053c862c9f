/**
 * U3 what a teacher uses around the lessons: presenter mode on a 1024×700 projector (larger type,
 * the transcript given the room, each side pane one click away, kept on reload), and notes on
 * their own sessions, exported as a lesson.
 */
import { readFileSync } from 'node:fs';
import { expect, openFresh, presetUrl, runTask, test } from './fixtures';
import { unzipFiles, zipFiles } from '../../src/lib/workspace/workspace-zip';

test('U3 presenter mode at 1024×700: larger type, the transcript gets the room, panes on demand', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  await page.getByRole('button', { name: 'Step through a lesson' }).click();
  await page
    .getByRole('region', { name: 'Lessons' })
    .getByRole('button', { name: /^Open Lesson 2/ })
    .click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const normalWidth = (await transcript.boundingBox())!.width;
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const normalRun = (await run.boundingBox())!.height;
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sessions).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Slots' })).toBeHidden();
  expect((await transcript.boundingBox())!.width).toBeGreaterThan(normalWidth * 1.5);
  // Zoomed: the same button is a quarter taller on screen.
  expect((await run.boundingBox())!.height).toBeGreaterThan(normalRun * 1.2);
  for (const name of ['Settings', 'Presenter', 'Panels'])
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Panels' }).click();
  await expect(page.getByRole('tab', { name: 'Slots' })).toBeVisible();
  await page.getByRole('button', { name: 'Sessions and files' }).click();
  await expect(sessions).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/presenter-1024x700.png' });
  // The projector stays set up through a reload; the panes start hidden again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sessions).toBeHidden();
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(sessions).toBeVisible();
});

test("U3 notes on one's own session are kept with it and export as a lesson, laid out as the bundled ones", async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] }, { content: 'It is a README.' }],
  });
  await openFresh(page, presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', sample: 'failing-test' }));
  await runTask(page, 'Read the README.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('It is a README.');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Replay Read the README.' }).click();
  await page.getByRole('button', { name: 'Add a note' }).click();
  await page.getByLabel('Slot of the note').selectOption('tools');
  await page.getByLabel('Note text').fill('The model picks read_file from the tools slot.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByLabel('Lesson note')).toContainText('The model picks read_file');
  // Kept with the session: a reload and a new replay show it.
  await page.reload();
  await sessions.getByRole('button', { name: 'Replay Read the README.' }).click();
  await expect(page.getByLabel('Lesson note')).toContainText('The model picks read_file');
  await expect(page.getByLabel('Lesson note').getByRole('button')).toHaveText('tools');
  // Export asks the lesson's title first (the session's, to change or keep).
  await page.getByRole('button', { name: 'Export as lesson' }).click();
  await expect(page.getByLabel('Lesson title')).toHaveValue('Read the README.');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('form', { name: 'Export as lesson' }).getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('read-the-readme.lesson.zip');
  const files = unzipFiles(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files.files).sort()).toEqual(['read-the-readme.notes.json', 'read-the-readme.session.json']);
  const notes = JSON.parse(files.files['read-the-readme.notes.json']) as { title: string; notes: unknown[] };
  expect(notes).toMatchObject({
    title: 'Read the README.',
    notes: [{ step: 1, slot: 'tools', text: 'The model picks read_file from the tools slot.' }],
  });
  expect(JSON.parse(files.files['read-the-readme.session.json']).session.notes).toHaveLength(1);

  // the zip imports into the Lessons view, lists beside the bundled ones, opens,
  // prints as a handout, and can be removed. The Sessions list's Import says where a zip goes.
  const zipPath = (await download.path())!;
  await sessions.locator('input[type=file]').setInputFiles(zipPath);
  await expect(sessions.getByRole('alert')).toContainText('import it in the Lessons view');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  const lessons = page.getByRole('region', { name: 'Lessons' });
  await lessons.locator('input[type=file]').setInputFiles({
    name: 'broken.lesson.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipFiles({ 'only.session.json': files.files['read-the-readme.session.json'] })),
  });
  await expect(lessons.getByRole('alert')).toContainText(
    'broken.lesson.zip: A lesson zip holds one <name>.session.json and one <name>.notes.json; this one has 1 and 0',
  );
  const badNote = JSON.stringify({
    title: 'x',
    summary: '',
    notes: [{ step: 9, slot: 'tools', text: 'no such step' }],
  });
  await lessons.locator('input[type=file]').setInputFiles({
    name: 'bad-step.lesson.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipFiles({ ...files.files, 'read-the-readme.notes.json': badNote })),
  });
  await expect(lessons.getByRole('alert')).toContainText('"step" must be a step of the session (1 to 2)');
  await expect(lessons.getByRole('list', { name: 'Your lessons' })).toHaveCount(0);
  await lessons.locator('input[type=file]').setInputFiles(zipPath);
  await expect(lessons.getByRole('status')).toHaveText('Added "Read the README." to your lessons.');
  const mine = lessons.getByRole('list', { name: 'Your lessons' });
  await expect(mine.getByRole('heading', { name: 'Read the README.' })).toBeVisible();
  await expect(mine).toContainText('2 steps');
  // Kept across a reload, beside the bundled ones.
  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  await expect(lessons.getByRole('list', { name: 'Bundled lessons' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(mine.getByRole('heading', { name: 'Read the README.' })).toBeVisible();
  const [handout] = await Promise.all([
    page.waitForEvent('popup'),
    mine.getByRole('button', { name: 'Handout of Read the README.' }).click(),
  ]);
  await expect(handout.getByRole('heading', { name: 'Read the README.', level: 1 })).toBeVisible();
  await expect(handout.getByRole('region', { name: /^Step \d$/ })).toHaveCount(2);
  const first = handout.getByRole('region', { name: 'Step 1' });
  await expect(first.getByRole('row')).toHaveCount(5); // the five slots
  await expect(first).toContainText('read_file');
  await expect(first).toContainText('The model picks read_file from the tools slot.');
  // What the read returned is on the page; what each slot is for is said once, on the cover.
  await expect(first.getByRole('heading', { name: 'What the tools returned' })).toBeVisible();
  await expect(first).toContainText('Turns titles into URL slugs');
  await expect(handout.getByText(/^Who the agent is and the rules of the game/)).toHaveCount(1);
  await expect(handout.getByRole('region', { name: 'Step 2' })).toContainText('No note on this step.');
  await handout.close();
  await mine.getByRole('button', { name: 'Open Read the README.' }).click();
  await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText('step 1 of 2');
  await expect(page.getByLabel('Lesson note')).toContainText('The model picks read_file');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  await mine.getByRole('button', { name: 'Remove Read the README.' }).click();
  await expect(lessons.getByRole('status')).toHaveText('Removed "Read the README.".');
  await expect(mine).toHaveCount(0);
});

test('U3 at a pause, before the first request, the whole request can be edited: sections, options, tools', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] }, { content: 'Arr, a README.' }],
  });
  await openFresh(page, presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', sample: 'failing-test' }));
  await page.getByLabel('Step mode').check();
  await runTask(page, 'Read the README.');
  const panel = page.getByRole('region', { name: 'Step mode' });
  await expect(panel).toContainText('before model call 1');
  await panel.getByRole('button', { name: 'Edit prompt, options, tools' }).click();
  const editor = panel.getByLabel('Edit the request');
  await editor.getByLabel('Section identity').fill('You are a pirate coding agent.');
  await editor.getByLabel('temperature').fill('0.7');
  await editor.getByLabel('Output limit').fill('300');
  await editor.getByRole('checkbox', { name: 'write_file' }).uncheck();
  await editor.getByRole('button', { name: 'Send the edited request' }).click();
  await panel.getByRole('button', { name: 'Continue to the end' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Arr, a README.');
  // Both requests of the run carry the edit.
  for (const request of server.chatRequests()) {
    const body = request.body as {
      messages: { content: string }[];
      options: Record<string, number>;
      tools: { function: { name: string } }[];
    };
    expect(body.messages[0].content.startsWith('You are a pirate coding agent.')).toBe(true);
    expect(body.options).toMatchObject({ temperature: 0.7, num_predict: 300 });
    expect(body.tools.map((tool) => tool.function.name)).not.toContain('write_file');
    expect(body.tools.map((tool) => tool.function.name)).toContain('read_file');
  }
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('You edited the system prompt for the rest of this run');
  await expect(transcript).toContainText('You changed the declared tools for the rest of this run');
});

test("U3 a bundled lesson's note reworded by the teacher is kept in a copy among their lessons, across a reload", async ({
  page,
}) => {
  await openFresh(page, '/');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  const lessons = page.getByRole('region', { name: 'Lessons' });
  await lessons
    .getByRole('list', { name: 'Bundled lessons' })
    .getByRole('button', { name: /^Open Lesson 1/ })
    .click();
  await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText(/step 1 of \d+/);
  await page.getByRole('button', { name: 'Edit note' }).click();
  await expect(page.getByLabel('Note text')).toHaveValue(/^Step 1: /);
  await page.getByLabel('Note text').fill('Here the model runs the tests first: ask the class why.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByLabel('Lesson note')).toContainText('ask the class why');
  await expect(page.getByText(/Kept in your lessons as ".*\(your notes\)"/)).toBeVisible();
  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  const mine = lessons.getByRole('list', { name: 'Your lessons' });
  await mine.getByRole('button', { name: /^Open .*\(your notes\)$/ }).click();
  await expect(page.getByLabel('Lesson note')).toContainText('ask the class why');
  // The bundled lesson itself is unchanged.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons' }).click();
  await lessons
    .getByRole('list', { name: 'Bundled lessons' })
    .getByRole('button', { name: /^Open Lesson 1/ })
    .click();
  await expect(page.getByLabel('Lesson note')).not.toContainText('ask the class why');
});
