/**
 * U3 presenter mode, as a teacher uses it on a 1024×700 projector: larger type, the transcript
 * given the room, each side pane one click away, nothing in the header cut off, kept on reload.
 */
import { expect, openFresh, test } from './fixtures';

test('U3 presenter mode at 1024×700: larger type, the transcript gets the room, panes on demand', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openFresh(page, '/');
  await page.getByRole('button', { name: 'Step through a lesson' }).click();
  await page
    .getByRole('region', { name: 'Lessons' })
    .getByRole('button', { name: /^Open Lesson 2/ })
    .click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const normalWidth = (await transcript.boundingBox())!.width;
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const normalRun = (await run.boundingBox())!.height;
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sessions).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Slots' })).toBeHidden();
  expect((await transcript.boundingBox())!.width).toBeGreaterThan(normalWidth * 1.5);
  // Zoomed: the same button is a quarter taller on screen.
  expect((await run.boundingBox())!.height).toBeGreaterThan(normalRun * 1.2);
  for (const name of ['Settings', 'Presenter', 'Panels'])
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Panels' }).click();
  await expect(page.getByRole('tab', { name: 'Slots' })).toBeVisible();
  await page.getByRole('button', { name: 'Sessions and files' }).click();
  await expect(sessions).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/presenter-1024x700.png' });
  // The projector stays set up through a reload; the panes start hidden again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sessions).toBeHidden();
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(sessions).toBeVisible();
});
