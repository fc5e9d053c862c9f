/**
 * U3 on a 1024×700 projector: in a lesson step, at a step-mode pause and after a
 * finished run, the transcript keeps at least half the centre column; a lesson's note has a
 * panel of its own that shows it whole and folds away; the final answer scrolls with the
 * transcript instead of covering it; a pause's request is one scroll, and the Slots tab splits it.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

async function heights(page: Page): Promise<{ column: number; transcript: number }> {
  const column = (await page.locator('main.center').boundingBox())!;
  const transcript = (await page.getByRole('region', { name: 'Transcript' }).boundingBox())!;
  return { column: column.height, transcript: transcript.height };
}

async function openLesson(page: Page, title: RegExp, step: number, total: number): Promise<void> {
  await page.getByRole('button', { name: 'Step through a lesson' }).click();
  await page.getByRole('region', { name: 'Lessons' }).getByRole('button', { name: title }).click();
  await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText(`step 1 of ${total}`);
  for (let at = 1; at < step; at++) await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText(`step ${step} of ${total}`);
}

for (const presenting of [false, true])
  test(`U3 at 1024×700 a lesson step leaves the transcript half the column, the note whole beside it${presenting ? ' (presenter)' : ''}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openFresh(page, '/');
    if (presenting) await page.getByRole('button', { name: 'Presenter' }).click();
    await openLesson(page, /^Open Lesson 3/, 8, 11);
    const note = page.getByLabel('Lesson note');
    await expect(note).toContainText('Step 8');
    let size = await heights(page);
    expect(size.transcript).toBeGreaterThanOrEqual(size.column / 2);
    if (presenting) {
      // Beside the transcript, full height, the whole note with no scroll of its own.
      const panel = page.getByRole('complementary', { name: 'Step note' });
      const box = (await panel.boundingBox())!;
      expect(box.height).toBeGreaterThan(size.transcript * 0.9);
      expect(await panel.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    }
    await page.screenshot({ path: `test-results/screenshots/lesson-1024x700${presenting ? '-presenter' : ''}.png` });
    // Folded away, the note leaves a strip and the transcript grows; it opens again on the same step.
    const before = (await page.getByRole('region', { name: 'Transcript' }).boundingBox())!;
    await page.getByRole('button', { name: 'Hide note' }).click();
    await expect(note).toBeHidden();
    const after = (await page.getByRole('region', { name: 'Transcript' }).boundingBox())!;
    expect(after.width * after.height).toBeGreaterThan(before.width * before.height * 1.15);
    await page.getByRole('button', { name: 'Note · step 8' }).click();
    await expect(note).toContainText('Step 8');
    size = await heights(page);
    expect(size.transcript).toBeGreaterThanOrEqual(size.column / 2);
  });

test('U3 at 1024×700 a step-mode pause is one scroll, the transcript keeps half the column, and Slots shows the paused request', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] },
      { content: 'The README says what it says.' },
    ],
  });
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto', sample: 'failing-test' }));
  await page.getByLabel('Step mode').check();
  await runTask(page, 'Summarise the README.');
  const panel = page.getByRole('region', { name: 'Step mode' });
  await expect(panel).toContainText('before model call 1');
  await page.getByRole('tab', { name: 'Slots' }).click();
  const slots = page.getByRole('region', { name: 'Slots' });
  await expect(slots.getByRole('status', { name: 'Paused request' })).toContainText('not been sent yet');
  await expect(slots.getByLabel('Slot instructions')).toBeVisible();
  await expect(slots.getByLabel('Slot step')).toHaveValue('1');
  // Open the whole request: it scrolls in the panel (not a box inside a box), the buttons stay put.
  await panel.getByText('The request', { exact: true }).click();
  expect(
    await panel.locator('pre').evaluateAll((pres) => pres.every((pre) => pre.scrollHeight <= pre.clientHeight + 1)),
  ).toBe(true);
  for (const name of ['Stop', 'Continue'])
    await expect(panel.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  const size = await heights(page);
  expect(size.transcript).toBeGreaterThanOrEqual(size.column / 2);
  await page.screenshot({ path: 'test-results/screenshots/pause-1024x700.png' });
  // After the first request is sent, the next pause shows the second request, beside the first.
  await panel.getByRole('button', { name: 'Continue to the end' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('says what it says');
  expect(server.chatRequests()).toHaveLength(2);
});

test('U3 at 1024×700 a finished run’s final answer scrolls with the transcript instead of covering it', async ({
  page,
  ollama,
}) => {
  const long = Array.from({ length: 40 }, (_, index) => `- point ${index + 1} of the answer`).join('\n');
  const server = await ollama({
    script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }] }, { content: `Done.\n\n${long}` }],
  });
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto', sample: 'failing-test' }));
  await runTask(page, 'Summarise the README.');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const answer = transcript.getByRole('region', { name: 'Final answer' });
  await expect(answer).toContainText('point 40');
  const size = await heights(page);
  expect(size.transcript).toBeGreaterThanOrEqual(size.column / 2);
  // Scrolled to the top, the first step is readable: nothing is pinned over it.
  await transcript.evaluate((element) => (element.scrollTop = 0));
  await expect(transcript.getByText('Summarise the README.', { exact: true })).toBeInViewport();
  await expect(answer).not.toBeInViewport();
  await page.screenshot({ path: 'test-results/screenshots/finished-1024x700.png' });
});

test('U3 a pressed toggle looks pressed: Presenter on is not drawn like Presenter off', async ({ page }) => {
  await openFresh(page, '/');
  const button = page.getByRole('button', { name: 'Presenter' });
  const look = () => button.evaluate((element) => getComputedStyle(element).backgroundColor);
  const off = await look();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(await look()).not.toBe(off);
});

test('U3 every step of Lesson 3: what the note says about reuse and breaks is what the Slots view shows', async ({
  page,
}) => {
  await openFresh(page, '/');
  await openLesson(page, /^Open Lesson 3/, 1, 11);
  await page.getByRole('tab', { name: 'Slots' }).click();
  const view = page.getByRole('region', { name: 'Slots' }).getByLabel('Cache break');
  const note = page.getByLabel('Lesson note');
  let compactions = 0;
  for (let step = 1; step <= 11; step++) {
    await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText(`step ${step} of 11`);
    await expect(note).toContainText(`Step ${step}:`);
    const said = (await note.textContent())!;
    const shown = (await view.textContent())!;
    // The note tells the step's reuse in the very words the Slots view shows (one source).
    expect(said.replace(/\s+/g, ' '), said).toContain(shown.replace(/\s+/g, ' ').trim());
    if (step > 1) expect(shown).toMatch(/extends the previous request|stops sharing its start/);
    if (said.includes('was compacted')) compactions++;
    if (step < 11) await page.getByRole('button', { name: 'Next step' }).click();
  }
  // The run compacts twice, and the notes say so twice (they described one).
  expect(compactions).toBe(2);
});

test('U3 presenter at 1024×700 with Slots open: a transcript of 500×400 beside it, the note whole, the replay bar whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  await page.getByRole('button', { name: 'Presenter' }).click();
  await openLesson(page, /^Open Lesson 3/, 8, 11);
  await page.getByRole('button', { name: 'Panels' }).click();
  await page.getByRole('tab', { name: 'Slots' }).click();
  const transcript = (await page.getByRole('region', { name: 'Transcript' }).boundingBox())!;
  const slots = (await page.getByRole('region', { name: 'Slots' }).boundingBox())!;
  expect(transcript.width).toBeGreaterThanOrEqual(500);
  expect(transcript.height).toBeGreaterThanOrEqual(400);
  expect(slots.x).toBeGreaterThanOrEqual(transcript.x + transcript.width);
  // The note is whole: no scroll box of its own, every line of it inside the window.
  const note = page.getByRole('complementary', { name: 'Step note' });
  await expect(page.getByLabel('Lesson note')).toContainText('Step 8:');
  expect(await note.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  const body = note.locator('.body');
  expect(await body.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  const noteBox = (await page.getByLabel('Lesson note').boundingBox())!;
  expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(700);
  // The replay bar keeps every control, on at most two rows, nothing cut.
  const bar = page.getByRole('region', { name: 'Replay' });
  for (const name of ['First step', 'Previous step', 'Next step', 'Last step', 'Fork here', 'Exit replay'])
    await expect(bar.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect((await bar.boundingBox())!.height).toBeLessThan(100);
  await page.screenshot({ path: 'test-results/screenshots/presenter-slots-1024x700.png' });
});
