/**
 * M2 live, in real Chromium: the page runs a task end to end against the two real
 * OpenAI-compatible servers — Ollama's /v1 and llama-cpp-python — chosen in Settings as a person
 * would. What is asserted is the harness's side: a typed outcome, streamed text, the figures.
 */
import { expect, test } from '../fixtures';
import { liveOrReason } from './live-fixtures';
import { findLlamaCppServer } from '../../live/openai-targets';
import { secondLiveModel } from '../../live/live-target';

const ollama = await liveOrReason();
const llama = await findLlamaCppServer();
if (!llama.ok && process.env.HARNESS_REQUIRE_LIVE === '1')
  throw new Error(`HARNESS_REQUIRE_LIVE=1 but llama-cpp-python is not there: ${llama.reason}`);
test.setTimeout(300_000);

const targets = [
  ...(ollama.ok ? [{ name: 'Ollama /v1', host: `${ollama.target.host}/v1`, model: secondLiveModel, usage: true }] : []),
  ...(llama.ok ? [{ name: 'llama-cpp-python', host: llama.target.host, model: llama.target.model, usage: false }] : []),
];
test.skip(targets.length === 0, 'live suite skipped: no OpenAI-compatible server (npm run llama-cpp:serve)');

for (const target of targets)
  test(`M2 U1 a run in the page against ${target.name}: chosen in Settings, streamed, ended typed`, async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      for (const database of await indexedDB.databases()) if (database.name) indexedDB.deleteDatabase(database.name);
    });
    await page.goto('/?sample=failing-test&approval=never');
    await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('combobox', { name: 'Server kind' }).selectOption('openai');
    await settings.getByRole('textbox', { name: 'Server URL' }).fill(target.host);
    await settings.getByRole('button', { name: 'Check connection' }).click();
    await expect(settings.getByRole('status', { name: 'Connection status' })).toContainText(
      'Connected to an OpenAI-compatible server',
    );
    await settings.getByRole('combobox', { name: 'Model' }).selectOption(target.model);
    await settings.getByRole('spinbutton', { name: /^Context window/ }).fill('4096');
    await settings.getByRole('spinbutton', { name: /^Output limit \(max_tokens\)/ }).fill('48');
    await settings.getByRole('spinbutton', { name: 'Max steps' }).fill('2');
    await settings.getByRole('button', { name: 'Save' }).click();
    // The dialog is modal until the settings are stored: a fill before it closes goes nowhere.
    await expect(settings).toBeHidden();
    await page.getByRole('textbox', { name: 'Task' }).fill('Read README.md and say what the project does.');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByLabel('Model reply, step 1')).toBeVisible({ timeout: 120_000 });
    // The outcome line, not the live activity line shown while the server works.
    await expect(transcript.getByRole('status', { name: 'Run outcome' })).toBeVisible({ timeout: 240_000 });
    const notReported = page.getByRole('region', { name: 'Inspector' }).getByLabel('Figures not reported');
    if (target.usage) await expect(notReported).not.toContainText('prompt tokens');
    else await expect(notReported).toContainText('prompt tokens');
  });
