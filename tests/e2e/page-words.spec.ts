/**
 * U1 U2 (the smaller items): words on the page say what is so — inline code stays on
 * one line, the Demo model says it fits only its own sample instead of failing on missing files,
 * and a notice about the last session does not stay on a new one.
 */
import { expect, openFresh, presetUrl, test } from './fixtures';

test('U2 inline code keeps to one line inside its sentence ("ollama serve" is not broken in two)', async ({
  page,
  ollama,
}) => {
  const server = await ollama();
  const host = server.url;
  await server.stop();
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, presetUrl({ host }));
  const code = page.getByLabel('No server found').locator('code');
  await expect(code).toHaveText('ollama serve');
  expect(await code.evaluate((element) => element.getClientRects().length)).toBe(1);
});

test('U1 the Demo model fits only its own sample: in another workspace Run says so instead of failing', async ({
  page,
}) => {
  await openFresh(page, presetUrl({ host: 'http://127.0.0.1:9' }));
  await page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Files' })).not.toContainText('sum.js');
  await page.getByRole('textbox', { name: 'Task' }).fill('Fix the failing test.');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Task' })).toHaveAccessibleDescription(
    /fits only its own sample \(src\/sum\.js\)/,
  );
});

test('U1 the "Imported …" notice belongs to the imported session: a new session clears it', async ({ page }) => {
  await openFresh(page, presetUrl({ host: 'http://127.0.0.1:9' }));
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.locator('input[type=file]').setInputFiles('src/lib/ui/teaching/lessons/clean-run.session.json');
  const imported = page.getByRole('alert').filter({ hasText: 'Imported "' });
  await expect(imported).toBeVisible();
  await sessions.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await expect(imported).toHaveCount(0);
});

/** Inline code whose parent lays its children out as boxes (flex, grid): it leaves its sentence. */
const codeOutOfSentence = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(':not(pre) > code')]
      .filter((code) => (code as HTMLElement).offsetParent !== null)
      .filter((code) => /flex|grid/.test(getComputedStyle(code.parentElement!).display))
      .map(
        (code) => `${code.parentElement!.textContent!.replace(/\s+/g, ' ').trim().slice(0, 60)} (${code.textContent})`,
      ),
  );

test('U1 inline code stays inside its sentence: no code is a box of its own in a flex or grid line', async ({
  page,
  ollama,
}) => {
  const server = await ollama();
  const host = server.url;
  await server.stop();
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, presetUrl({ host }));
  await expect(page.getByLabel('No server found')).toBeVisible();
  expect(await codeOutOfSentence(page)).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  for (const summary of await settings.locator('summary').all()) await summary.click();
  expect(await codeOutOfSentence(page)).toEqual([]);
});

test('U1 at 1024×700 the side pane keeps its seven tabs on one row, each whole', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  const tabs = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab');
  await expect(tabs).toHaveCount(7);
  const boxes = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
  expect(new Set(boxes.map(Math.round)).size).toBe(1);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
});

test('U1 at 1024×700 the warm-up line is whole: it wraps, it is not cut with an ellipsis', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  const line = page.getByRole('status', { name: 'Prompt prefix' });
  await expect(line).toContainText('not warmed: the Demo model');
  expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect(await line.evaluate((element) => getComputedStyle(element).textOverflow)).not.toBe('ellipsis');
});

test('U1 at 1024×700 the terminal wraps its banner between words, and typing in it scrolls nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByLabel('Terminal', { exact: true });
  await expect(terminal.locator('.xterm-rows')).toContainText('Each line is its');
  const rows = await terminal
    .locator('.xterm-rows > div')
    .evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').replace(/\u00a0/g, ' ')));
  const banner = rows.slice(
    0,
    rows.findIndex((row) => row.startsWith('$')),
  );
  expect(banner.length).toBeGreaterThan(1);
  // Every word of the banner stands whole on one row ("Eac" / "h line" was the fault).
  const words = new Set(banner.flatMap((row) => row.trim().split(/\s+/)));
  for (const word of 'Each line is its own command; files persist, cd does not. Up/Down: history.'.split(' '))
    expect(words.has(word), `${word} in ${banner.join('⏎')}`).toBe(true);
  await terminal.click();
  await page.keyboard.type('echo hi');
  const scrolled = await page.evaluate(() =>
    [document.scrollingElement!, ...document.querySelectorAll('*')]
      .filter((element) => element.scrollTop > 0 && !element.closest('.xterm'))
      .map((element) => `${element.tagName}.${element.className} ${element.scrollTop}`),
  );
  expect(scrolled).toEqual([]);
});

test('U1 at 1280×800 the per-step statistics and the rules fit the Inspector: no column scrolled out of sight', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] }, { content: 'It is a sample.' }],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, presetUrl({ host: server.url, model: 'qwen2.5-coder:7b', sample: 'failing-test' }));
  await page.getByRole('textbox', { name: 'Task' }).fill('What is this project?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('It is a sample.');
  await page.getByRole('tab', { name: 'Inspector' }).click();
  const table = page.getByRole('table', { name: 'Per-step statistics' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(/\d+ ms|\d\.\d s/);
  expect(
    await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth + 1),
  ).toBe(true);
});
