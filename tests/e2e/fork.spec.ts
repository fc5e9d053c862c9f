/**
 * U3 forks in Chromium, as a teacher compares two models on one lesson step: the fork sends the
 * lesson's exact request (prompt, messages, tools), shows what it inherited as inherited, keeps
 * its own reply through a reload mid-retry, and Compare counts both runs in the parent's numbers.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openFresh, presetUrl, test } from './fixtures';
import { sentRequests } from '../../src/lib/harness/request-log';
import type { HarnessEvent } from '../../src/lib/harness/events';

const model = 'qwen2.5-coder:7b';
const lesson = JSON.parse(readFileSync('src/lib/ui/teaching/lessons/clean-run.session.json', 'utf8')) as {
  events: HarnessEvent[];
};
const call = (name: string, args: Record<string, unknown>) => `<tool>${JSON.stringify({ name, args })}</tool>`;

/** Opens Lesson 1 at `step` and forks there; the fork is open, not yet run. */
async function forkLesson(page: Page, host: string, step: number, pack?: string): Promise<void> {
  await openFresh(page, presetUrl({ host, model, approval: 'auto', ...(pack ? { pack } : {}) }));
  await page.getByRole('button', { name: 'Step through a lesson' }).click();
  await page
    .getByRole('region', { name: 'Lessons' })
    .getByRole('button', { name: /^Open Lesson 1/ })
    .click();
  for (let at = 1; at < step; at++) await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByRole('status', { name: 'Replay position' })).toHaveText(`step ${step} of 5`);
  await page.getByRole('button', { name: 'Fork here' }).click();
  await expect(page.getByLabel('Fork', { exact: true })).toContainText(`continues from step ${step}`);
}

test("U3 a fork of a lesson sends the lesson's exact request: prompt, messages and tools", async ({ page, ollama }) => {
  // The lesson's task speaks of tests that still fail: in the 1.5B pack the implied check sends the
  // answer back (three times at most, then it stands, flagged): the same answer each time.
  const server = await ollama({
    script: Array.from({ length: 4 }, () => ({ content: '<final>Another model would stop here.</final>' })),
  });
  await forkLesson(page, server.url, 3, 'qwen2.5-coder-1.5b');
  // What it inherited ran in the lesson: marked so, and never drawn as "not run".
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('article', { name: 'Tool call read_file' })).toContainText('from the parent');
  await expect(transcript).not.toContainText('not run');
  await expect(transcript.getByLabel('Model reply from the parent session').first()).toContainText(
    'from the parent session',
  );

  await page.getByRole('button', { name: 'Run from step 3' }).click();
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('Another model would stop here.');
  // The page offers task tools and more; the lesson offered eight tools in its prompt. Sent: the lesson's.
  const expected = sentRequests(lesson.events)[2];
  const sent = server.chatRequests()[0].body!;
  expect(sent.tools).toBeUndefined();
  expect(
    (sent.messages as { role: string; content: string }[]).map((message) => [message.role, message.content]),
  ).toEqual(expected.messages.map((message) => [message.role, message.content]));

  await page.getByRole('button', { name: 'Compare with parent' }).click();
  const compare = page.getByRole('region', { name: 'Compare runs' });
  const summary = compare.getByRole('status');
  // The lesson counted from the fork's step, and said so; one first step, in the parent's numbers.
  await expect(summary).toContainText('3 steps from step 3 (5 in all)');
  await expect(summary).toContainText('They first did different things at step 3');
  // The prompt diff opens where the requests first differ (the step after the answers parted).
  await expect(compare).toContainText('(the requests first differ at step 4)');
  await expect(compare.getByLabel('Diff step')).toHaveValue('4');
  // The diff's two sides in the rows' numbers; the fork also says its own ("A step 4 / B step 2").
  await expect(compare).toContainText('--- A step 4');
  await expect(compare).toContainText('+++ B step 4 (its own step 2)');
  // At the fork's own first step the two sent the very same request.
  await compare.getByLabel('Diff step').fill('3');
  await expect(compare).toContainText('The requests at step 3 are identical.');
});

test('U3 a fork reloaded in the middle of a retry keeps its own reply; inherited replies carry no figures', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { content: call('read_file', { path: 'test/slugify.test.js' }), outputTokens: 2048 },
      { status: 503, error: 'server busy', retryAfter: '60' },
    ],
  });
  await forkLesson(page, server.url, 3);
  await page.getByRole('button', { name: 'Run from step 3' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  // The retries follow one another within seconds: any of them is "the middle of a retry".
  await expect(transcript).toContainText(/Retry \d/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  await expect(transcript.getByLabel('Model reply, step 1')).toContainText('test/slugify.test.js');
  await expect(transcript.getByLabel('Model reply, step 1')).toContainText('2048 tokens out');
  const inherited = transcript.getByLabel('Model reply from the parent session');
  await expect(inherited).toHaveCount(2);
  for (const reply of await inherited.all()) {
    await expect(reply).toContainText('from the parent session');
    await expect(reply).not.toContainText('tokens out');
  }
  // In order: what was inherited, then the fork's own step.
  const labels = await transcript.getByRole('article').evaluateAll((cards) => cards.map((card) => card.ariaLabel));
  expect(labels.indexOf('Tool call read_file')).toBeLessThan(labels.lastIndexOf('Tool call read_file'));
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
});
