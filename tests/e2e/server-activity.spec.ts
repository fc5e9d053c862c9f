import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

test('U2 while the server reads a prompt the transcript says so, with an estimate and the seconds ticking', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [{ content: 'Read it all.', readDelayMs: 3500, chunkSize: 2, tokenDelayMs: 150 }],
  });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test' }));
  await runTask(page, 'What is in this project?');
  const line = page.getByRole('status', { name: 'What the server is doing' });
  await expect(line).toContainText(
    /Step 1: the server is reading the prompt — about [\d,]+ tokens.*\(estimated\) · 0 s/,
  );
  await expect(line).toContainText(/reading the prompt .* · [12] s/);
  await expect(line).toContainText(/the model is writing — \d+ characters so far/);
  // The activity line is a status too: the outcome has a name of its own to wait for, and only
  // it remains once the run is over.
  const outcome = page.getByRole('region', { name: 'Transcript' }).getByRole('status', { name: 'Run outcome' });
  await expect(outcome).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Read it all.');
  await expect(outcome).toBeVisible();
  await expect(line).toHaveCount(0);
});

test('U1 after a run the transcript is scrolled to its very end: the final answer and the outcome are in view', async ({
  page,
  ollama,
}) => {
  const long = Array.from({ length: 60 }, (_, index) => `Line ${index + 1} of a long answer.`).join('\n\n');
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'src/slugify.js' } }] },
      { content: `${long}\n\nThe end of the answer.` },
    ],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, presetUrl({ host: server.url, model, sample: 'failing-test' }));
  await runTask(page, 'Explain the project at length.');
  const answer = page.getByRole('region', { name: 'Final answer' });
  await expect(answer).toContainText('The end of the answer.');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect
    .poll(() => transcript.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
    .toBeLessThan(2);
  await expect(answer.getByText('The end of the answer.')).toBeInViewport();
  // and it stays there once the task box has grown back to its full size
  await page.waitForTimeout(1000);
  expect(
    await transcript.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight),
  ).toBeLessThan(2);
});
