/**
 * U2: Settings never shows one server's state for another. After a reload with
 * the demo model, the models the first look found are in Settings → Model with no "Check
 * connection" first; typing another server kind or URL drops the old "Connected" and its models.
 */
import { readFileSync } from 'node:fs';
import { expect, openFresh, presetUrl, test } from './fixtures';

test('U2 after a reload, Settings lists the models the first look found, without Check connection', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    models: [
      { name: 'gemma3:270m', capabilities: ['completion'], contextLength: 32768, size: 291_554_930 },
      { name: 'qwen2.5-coder:0.5b', capabilities: ['completion', 'tools'], contextLength: 32768, size: 491_400_064 },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url }));
  await page.reload();
  await expect(page.getByRole('status', { name: 'Ollama found' })).toContainText(server.url);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('status', { name: 'Connection status' })).toContainText(
    'its models are listed below',
  );
  const model = settings.getByRole('combobox', { name: 'Model' });
  await expect(model).toContainText('qwen2.5-coder:0.5b');
  await expect(model).toContainText('gemma3:270m');
  await model.selectOption('qwen2.5-coder:0.5b');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel(/^Model: qwen2.5-coder:0.5b on /)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Server connection' })).toHaveText('Ollama 0.24.0');
});

test('U2 another server kind or URL in Settings drops the old "Connected" and its models until checked', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    models: [{ name: 'smollm2:135m', capabilities: ['completion'], contextLength: 8192, size: 105_000_000 }],
  });
  await openFresh(page, presetUrl({ host: server.url, model: 'smollm2:135m' }));
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const status = settings.getByRole('status', { name: 'Connection status' });
  const model = settings.getByRole('combobox', { name: 'Model' });
  await expect(status).toContainText('Connected to Ollama 0.24.0');
  await expect(model).toContainText('smollm2:135m · 0.1 GB');
  await settings.getByRole('combobox', { name: 'Server kind' }).selectOption('openai');
  await expect(status).not.toContainText('Connected');
  await expect(status).toContainText(`Not checked yet: ${server.url} (OpenAI-compatible)`);
  await expect(model).not.toContainText('0.1 GB');
  await expect(model).toContainText('smollm2:135m (not checked)');
  // Back to the server that was checked: its state is shown again; another URL is not checked.
  await settings.getByRole('combobox', { name: 'Server kind' }).selectOption('ollama');
  await expect(status).toContainText('Connected to Ollama 0.24.0');
  await settings.getByRole('textbox', { name: 'Server URL' }).fill('http://127.0.0.1:9');
  await expect(status).toContainText('Not checked yet: http://127.0.0.1:9 (Ollama)');
  await settings.getByRole('button', { name: 'Check connection' }).click();
  await expect(status).toContainText('Cannot reach Ollama at http://127.0.0.1:9');
});

test('T6 Settings says what "auto" uses with this profile and model, and why (the small profile names its measured protocol)', async ({
  page,
  ollama,
}) => {
  const measured = JSON.parse(readFileSync('src/lib/harness/profile-protocols.json', 'utf8')) as {
    small?: { protocol: string; evidence: string };
  };
  const server = await ollama({
    models: [{ name: 'qwen2.5-coder:0.5b', capabilities: ['completion', 'tools'], contextLength: 32768 }],
  });
  await openFresh(page, presetUrl({ host: server.url, model: 'qwen2.5-coder:0.5b' }));
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  const hint = settings.getByLabel('Protocol choice');
  await expect(hint).toHaveText('auto uses native: qwen2.5-coder:0.5b lists the "tools" capability.');
  await settings.getByRole('combobox', { name: 'Harness profile' }).selectOption('small');
  await expect(hint).toHaveText(
    measured.small
      ? `auto uses ${measured.small.protocol}: the small profile works best with ${measured.small.protocol} (measured: ${measured.small.evidence}).`
      : 'auto uses native: qwen2.5-coder:0.5b lists the "tools" capability.',
  );
  await settings.getByRole('combobox', { name: 'Protocol' }).selectOption('text');
  await expect(hint).toContainText('Chosen: text.');
});
