/**
 * U5: two runs of one task, one on Ollama and one on llama-cpp-python (which
 * sends no usage in streams). The sessions list and the Compare picker tell them apart by model,
 * profile and server; Compare says "tokens not reported" for the server that reported none,
 * never "0 tokens", and times that run by the page's clock.
 */
import { readFileSync } from 'node:fs';
import { expect, openFresh, presetUrl, runTask, test } from './fixtures';
import { FakeOpenAIServer } from '../fixtures/fake-openai-server';

const task = 'What does the README say?';
// "auto" with the small profile: its measured protocol when it names one, else text here.
const measured = JSON.parse(readFileSync('src/lib/harness/profile-protocols.json', 'utf8')) as {
  small?: { protocol: string };
};
const smallAuto = measured.small?.protocol ?? 'text';

test('U5 session titles and the Compare picker carry model, profile and server; no figure is 0 when not reported', async ({
  page,
  ollama,
}) => {
  const ollamaServer = await ollama({
    models: [{ name: 'smollm2:135m', capabilities: ['completion'], contextLength: 8192, size: 105_000_000 }],
    script: [{ content: '<final>From Ollama.</final>' }],
  });
  const llama = new FakeOpenAIServer({
    dialect: 'llama-cpp-python',
    models: ['smollm2:135m'],
    contextLength: 4096,
    script: [
      { content: '<tool>{"name":"read_file","args":{"path":"README.md"}}</tool>', delayMs: 200 },
      { content: '<final>From llama.cpp.</final>', delayMs: 200 },
    ],
  });
  await llama.start();
  try {
    await openFresh(page, presetUrl({ host: ollamaServer.url, model: 'smollm2:135m' }));
    await runTask(page, task);
    await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('From Ollama.');

    await page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('combobox', { name: 'Server kind' }).selectOption('openai');
    await settings.getByRole('textbox', { name: 'Server URL' }).fill(`${llama.url}/v1`);
    await settings.getByRole('combobox', { name: 'Harness profile' }).selectOption('small');
    await settings.getByRole('button', { name: 'Check connection' }).click();
    await expect(settings.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
    await settings.getByRole('combobox', { name: 'Model' }).selectOption('smollm2:135m');
    await settings.getByRole('button', { name: 'Save' }).click();
    await runTask(page, task);
    await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('From llama.cpp.');

    const ollamaPort = new URL(ollamaServer.url).port;
    const llamaPort = new URL(llama.url).port;
    const runs = page.getByRole('region', { name: 'Sessions' }).getByLabel('Run');
    await expect(runs).toContainText([
      `smollm2:135m · small · OpenAI :${llamaPort}`,
      `smollm2:135m · default · Ollama :${ollamaPort}`,
    ]);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('region', { name: 'Compare runs' });
    const pickA = compare.getByRole('combobox', { name: 'Run A' });
    await expect(pickA).toContainText(`${task} — smollm2:135m · default · Ollama :${ollamaPort}`);
    await pickA.selectOption({ label: `${task} — smollm2:135m · default · Ollama :${ollamaPort}` });
    await compare
      .getByRole('combobox', { name: 'Run B' })
      .selectOption({ label: `${task} — smollm2:135m · small · OpenAI :${llamaPort}` });
    const summary = compare.getByRole('status');
    await expect(summary).toContainText(
      `B: smollm2:135m · small · OpenAI :${llamaPort} · ${smallAuto} · 2 steps · tokens not reported`,
    );
    await expect(summary).not.toContainText('0 tokens');
    await expect(summary).toContainText(/A: smollm2:135m · default · Ollama :\d+ · \w+ · 1 step · \d+ tokens/);
    // The time of the run that reported none is the page's own clock, not 0.0 s.
    expect(Number(/tokens not reported · ([\d.]+) s/.exec((await summary.textContent()) ?? '')?.[1])).toBeGreaterThan(
      0,
    );
    const row = compare.getByRole('table', { name: 'Aligned steps' }).getByRole('row').nth(1);
    await expect(row.getByTitle('The server did not report token counts for this step')).toHaveText('n/r');
  } finally {
    await llama.stop();
  }
});
