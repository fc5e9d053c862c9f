import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

test('P2 U1 the page warms the prompt prefix before Run: the first request starts with exactly what it sent', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] }, { content: 'It is a sample.' }],
  });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test', protocol: 'native' }));
  const status = page.getByRole('status', { name: 'Prompt prefix' });
  await expect(status).toContainText(/Prompt prefix warm: the server read \d+ tokens/);
  expect(server.warmRequests()).toHaveLength(1);
  await runTask(page, 'What is this project?');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('It is a sample.');
  const [warm] = server.warmRequests();
  const first = server.chatRequests()[0];
  expect(warm.body!.messages).toEqual([(first.body!.messages as unknown[])[0]]);
  expect(warm.body!.tools).toEqual(first.body!.tools);
  expect((warm.body!.options as { num_ctx: number }).num_ctx).toBe(
    (first.body!.options as { num_ctx: number }).num_ctx,
  );
  // A settings change warms again once things settle; the run itself sent no second warm-up meanwhile.
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Protocol' }).selectOption('text');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => server.warmRequests().length).toBeGreaterThanOrEqual(2);
  expect(server.warmRequests().at(-1)!.body!.tools).toBeUndefined();
});

test('P2 no warm-up traffic for the Demo model, and none for a server that does not answer', async ({
  page,
  ollama,
}) => {
  const server = await ollama({ script: [] });
  await openFresh(page, '/');
  await expect(page.getByRole('status', { name: 'Prompt prefix' })).toContainText('not warmed: the Demo model');
  await openFresh(page, presetUrl({ host: 'http://127.0.0.1:9', model }));
  await expect(page.getByRole('status', { name: 'Prompt prefix' })).toContainText('not warmed: the server has not');
  await page.waitForTimeout(2500);
  expect(server.warmRequests()).toHaveLength(0);
});

test('U2 a warm-up in flight shows its elapsed seconds, ticking', async ({ page, ollama }) => {
  const server = await ollama({ script: [], warmUps: 'hang' });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test' }));
  const status = page.getByRole('status', { name: 'Prompt prefix' });
  await expect(status).toContainText(/Warming the prompt prefix: the server is reading it · [01] s/);
  await expect(status).toContainText(/Warming the prompt prefix: the server is reading it · [23] s/);
});
