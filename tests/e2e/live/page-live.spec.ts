/**
 * O3 live, in real Chromium: the page against a real Ollama and a real small model — a full run
 * with tokens streaming into the transcript — and the CORS explanation for a page on an origin
 * Ollama does not allow by default, which works once Ollama is restarted with OLLAMA_ORIGINS.
 */
import type { ChildProcess } from 'node:child_process';
import { acceptLink, expect, presetUrl, runTask, test } from '../fixtures';
import { freePort, liveOrReason, provisionedOllama, serveDist, startOllama, stopOllama } from './live-fixtures';

const lookup = await liveOrReason();
const live = lookup.ok ? lookup.target : undefined;
test.skip(!live, `live suite skipped: ${lookup.ok ? '' : lookup.reason}`);
test.setTimeout(300_000);

async function smallOutput(page: import('@playwright/test').Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('spinbutton', { name: 'num_predict' }).fill('48');
  await settings.getByRole('spinbutton', { name: 'Max steps' }).fill('2');
  await settings.getByRole('button', { name: 'Save' }).click();
  // The dialog is modal until the settings are stored: a fill before it closes goes nowhere.
  await expect(settings).toBeHidden();
}

test('O3 U1 a full run in the page against the real model: tokens stream in, the run ends with a typed outcome', async ({
  page,
}) => {
  const url = presetUrl({
    host: live!.host,
    model: live!.model,
    sample: 'failing-test',
    approval: 'never',
    protocol: 'constrained',
  });
  await page.goto('/');
  await page.evaluate(async () => {
    for (const database of await indexedDB.databases()) if (database.name) indexedDB.deleteDatabase(database.name);
  });
  await page.goto(url);
  await acceptLink(page, url);
  await expect(page.getByRole('status', { name: 'Server connection' })).toContainText(`Ollama ${live!.version}`);
  await smallOutput(page);
  // CI once ran the sample's task here: the fill came while the Settings dialog was still open.
  await runTask(page, 'Read README.md and say what the project does.');
  const reply = page.getByRole('region', { name: 'Transcript' }).getByLabel('Model reply, step 1');
  // Streaming: the reply grows while the model is still generating.
  const lengths: number[] = [];
  await expect
    .poll(
      async () => {
        lengths.push(((await reply.locator('pre').first().textContent()) ?? '').length);
        return new Set(lengths.filter((length) => length > 0)).size;
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);
  // The outcome line, not the live activity line (a status too, named for what the server does).
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('status', { name: 'Run outcome' })).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('region', { name: 'Transcript' }).getByLabel('Step statistics').first()).toContainText(
    'tok/s',
  );
  // U3: the real server renders step 1's request through the model's chat template.
  await page.getByRole('tab', { name: 'Slots' }).click();
  const slots = page.getByRole('region', { name: 'Slots' });
  await slots.getByLabel('Slot step').selectOption('1');
  await slots.getByRole('button', { name: 'Show the prompt as Ollama renders it' }).click();
  const rendered = slots.getByLabel('Rendered prompt');
  await expect(rendered).toContainText('Read README.md and say what the project does.', { timeout: 60_000 });
  // Wrapped in the template's own turn markers (Gemma's or ChatML's).
  await expect(rendered).toContainText(/<start_of_turn>|<\|im_start\|>/);
});

test('O3 R4 a page on an origin Ollama does not allow explains CORS, and works after a restart with OLLAMA_ORIGINS', async ({
  browser,
}) => {
  const provisioned = provisionedOllama();
  test.skip(
    !provisioned && process.env.HARNESS_REQUIRE_LIVE !== '1',
    'needs the Ollama binary provisioned by npm run ollama:serve',
  );
  expect(provisioned, 'the provisioned Ollama binary (npm run ollama:serve)').toBeDefined();
  const { server, origin } = await serveDist('127.0.0.2');
  const port = await freePort();
  let ollama: ChildProcess | undefined;
  try {
    ollama = await startOllama({ ...provisioned!, port });
    const page = await (await browser.newContext()).newPage();
    const url = `${origin}/?host=http://127.0.0.1:${port}&model=${encodeURIComponent(live!.model)}&sample=failing-test`;
    await page.goto(url);
    await acceptLink(page, url);
    const alert = page.getByRole('alert').filter({ hasText: 'CORS' });
    await expect(alert).toContainText(`OLLAMA_ORIGINS=${origin} ollama serve`);
    await stopOllama(ollama);
    ollama = await startOllama({ ...provisioned!, port, origins: origin });
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Check connection' }).click();
    await expect(settings.getByRole('status', { name: 'Connection status' })).toContainText(
      `Connected to Ollama ${live!.version}`,
    );
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect(alert).toHaveCount(0);
  } finally {
    await stopOllama(ollama);
    server.close();
  }
});
