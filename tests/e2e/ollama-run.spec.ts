import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

test('T4 U1 a full run on Ollama: approval with a diff, a file change, and the final answer', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'read_file', arguments: { path: 'src/slugify.js' } }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: {
              path: 'src/slugify.js',
              content:
                'export function slugify(title) {\n  return ' +
                "title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, " +
                "'');\n}\n",
            },
          },
        ],
      },
      { content: 'Fixed **slugify**: it now drops punctuation.', chunkSize: 4, tokenDelayMs: 5 },
    ],
  });
  await openFresh(
    page,
    // The implied test check is a rule of the opt-in 1.5B pack (docs/rules.md).
    presetUrl({
      host: server.url,
      model,
      sample: 'failing-test',
      approval: 'ask',
      protocol: 'auto',
      pack: 'qwen2.5-coder-1.5b',
    }),
  );
  await runTask(page, 'Make the slugify tests pass.');
  const dialog = page.getByRole('dialog', { name: 'Approve tool call' });
  await expect(dialog).toContainText('write_file');
  await expect(dialog.getByLabel('Diff')).toContainText('+  return title.toLowerCase().replace(');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  // T9: under "ask", the check the harness runs on the answer (the project's own tests) asks too, and says why.
  await expect(dialog.getByLabel('Why the harness runs it')).toContainText("It runs the project's own code");
  await expect(dialog).toContainText("node --test 'test/slugify.test.js'");
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('it now drops punctuation');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('wrote src/slugify.js');
  // P2: each step shows the harness's estimate of reuse beside the server's figure, named by source
  // (the fake, as Ollama 0.24, reports no cached count: it is read from the prompt timing).
  const steps = page.getByRole('region', { name: 'Inspector' }).getByRole('table', { name: 'Per-step statistics' });
  await expect(steps.getByRole('row')).toHaveCount(4);
  await expect(steps.getByRole('row').nth(3)).toContainText(/\d+% est\.[\s\S]*\d+% cached \(timing\)/);
  const request = server.chatRequests()[0].body!;
  expect(request.tools).toBeDefined();
  expect(request.options).toMatchObject({ num_ctx: 8192, num_predict: 1024 });
});

test('T4 deny: the tool does not run, the model reads the denial, and the file is unchanged', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      // Read first: a whole-file write that drops the lines of a file the run has not read is
      // refused before anyone is asked (read-first).
      { toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'README.md', content: 'gone' } }] },
      { content: 'Understood, I will not change it.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test' }));
  await runTask(page, 'Rewrite the README.');
  await page.getByRole('dialog', { name: 'Approve tool call' }).getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('I will not change it');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('approval denied for write_file');
  const messages = server.chatRequests()[2].body!.messages as { role: string; content: string }[];
  expect(messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('approval denied') });
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'README.md' }).click();
  await expect(page.getByLabel('Editor', { exact: true })).toContainText('Turns titles into URL slugs', {
    timeout: 20_000,
  });
});

test('L2 stop while the model is streaming ends the run as stopped', async ({ page, ollama }) => {
  const server = await ollama({ script: [{ content: 'thinking '.repeat(400), chunkSize: 3, tokenDelayMs: 30 }] });
  await openFresh(page, presetUrl({ host: server.url, model }));
  await runTask(page, 'Think slowly.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('thinking thinking');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped by you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled(); // task box is empty again
});

test('U1 U3 after a stop and another run, the transcript, inspector and slots number the steps alike', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { content: 'thinking '.repeat(400), chunkSize: 3, tokenDelayMs: 30 },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] },
      { content: 'Read it.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test' }));
  await runTask(page, 'Think slowly.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('thinking thinking');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped by you' })).toBeVisible();
  await runTask(page, 'Read the README instead.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Read it.');
  // Three requests in this session: step 3 everywhere, not "1, 1, 2" in one place and 3 in another.
  await expect(page.getByLabel('Model reply, step 3')).toContainText('Read it.');
  await page.getByRole('tab', { name: 'Inspector' }).click();
  await expect(page.getByLabel('Request of step').locator('option')).toHaveText(['step 1', 'step 2', 'step 3']);
  await page.getByRole('tab', { name: 'Slots' }).click();
  await expect(page.getByRole('region', { name: 'Slots' }).getByLabel('Slot step')).toHaveValue('3');
});

test('L2 Escape stops a running command', async ({ page, ollama }) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'run_shell', arguments: { command: 'sleep 60', timeout: 120 } }] },
      { content: 'never' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'Wait a minute.');
  await expect(page.getByLabel('Tool call run_shell').getByLabel('running')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Stopped by you' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByLabel('Tool call run_shell')).toContainText('aborted by the user');
});

test('S2 W6 reload in the middle of a run, then resume the same session with its files', async ({ page, ollama }) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'kept across reloads' } }] },
      { hang: true },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'Write notes, then finish.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('wrote notes.txt');
  await expect.poll(() => server.chatRequests().length).toBe(2);
  await page.reload();
  await expect(page.getByText('This session was interrupted before it finished')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('Write notes, then finish.');
  await expect(page.getByRole('region', { name: 'Files' })).toContainText('notes.txt');
  server.enqueue({ content: 'Finished after the reload.' });
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Finished after the reload.');
  const messages = server.chatRequests().at(-1)!.body!.messages as { content: string }[];
  expect(messages.map((message) => message.content).join('\n')).toContain('the run was resumed after an interruption');
});

test('S2 S3 resume after a reload names the interrupted task, not the first task of the session', async ({
  page,
  ollama,
}) => {
  const server = await ollama({ script: [{ content: 'First one done.' }, { hang: true }] });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto' }));
  await runTask(page, 'The first task.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('First one done.');
  await runTask(page, 'The second task, interrupted.');
  await expect.poll(() => server.chatRequests().length).toBe(2);
  await page.reload();
  const banner = page.getByText('This session was interrupted before it finished');
  await expect(banner).toContainText('The second task, interrupted.');
  server.enqueue({ content: 'Second one done.' });
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Second one done.');
  const messages = server.chatRequests().at(-1)!.body!.messages as { content: string }[];
  const notice = messages.map((message) => message.content).find((text) => text.includes('was resumed'));
  expect(notice).toContain('Continue with the task: The second task, interrupted.');
});

test('U4 model output with <img onerror> and <script> is shown as text and never runs', async ({ page, ollama }) => {
  const hostile =
    'Here: <img src=x onerror="window.__pwned=1"> and ' +
    '<script>window.__pwned=2</script> [link](javascript:window.__pwned=3) ' +
    'done';
  const server = await ollama({ script: [{ content: hostile }] });
  await openFresh(page, presetUrl({ host: server.url, model }));
  await runTask(page, 'Say something nasty.');
  const answer = page.getByRole('region', { name: 'Final answer' });
  await expect(answer).toContainText('<img src=x onerror=');
  await expect(answer).toContainText('<script>');
  expect(await page.locator('main a[href^="javascript"], main [onerror]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('main img, main script').count()).toBe(0);
});

test('P4 editing a prompt section for this session changes the next request', async ({ page, ollama }) => {
  const server = await ollama({ script: [{ content: 'first' }, { content: 'second' }] });
  await openFresh(page, presetUrl({ host: server.url, model }));
  await runTask(page, 'Say first.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('first');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await inspector.getByText('identity', { exact: true }).click();
  await inspector.getByRole('button', { name: 'Edit identity' }).click();
  await inspector.getByLabel('Template of identity').fill('You are a pirate coding agent on {{backend}}. Say arr.');
  await inspector.getByRole('button', { name: 'Save section' }).click();
  await runTask(page, 'Say second.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('second');
  const system = (server.chatRequests()[1].body!.messages as { role: string; content: string }[])[0];
  expect(system.content).toContain('You are a pirate coding agent on memory-shell');
  expect((server.chatRequests()[0].body!.messages as { content: string }[])[0].content).not.toContain('pirate');
});

test("W2 in the browser, the offline shell runs a sample project's node --test suite (QuickJS)", async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'run_shell', arguments: { command: 'npm test' } }] },
      { content: 'Two tests fail.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'find-the-bug', approval: 'auto' }));
  await runTask(page, 'Run the tests.');
  const card = page.getByLabel('Tool call run_shell');
  await expect(card).toContainText('✖ 10% off');
  await expect(card).toContainText('ℹ fail 2');
  await expect(card).toContainText('exit 1');
});

test('R2 U1 a reply that repeats one line is stopped while it streams, said in the transcript, and the run goes on', async ({
  page,
  ollama,
}) => {
  const line = '<tool>{"name":"list_files","args":{}}</tool>\n';
  const server = await ollama({
    script: [
      { content: line.repeat(300), chunkSize: 24, tokenDelayMs: 2, outputTokens: 1024, stopReason: 'length' },
      { content: 'Stopped repeating.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model }));
  await runTask(page, 'List the files.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Stopped repeating.');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
    'your reply kept repeating the same text',
  );
  // Stopped, not escalated: no second request for the same reply with a larger num_predict.
  expect(server.chatRequests()).toHaveLength(2);
  expect((server.chatRequests()[1].body!.options as { num_predict: number }).num_predict).toBe(1024);
});
