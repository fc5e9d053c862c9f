/** Shared e2e helpers: a fake Ollama per test, and a page URL preset through parameters (U). */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { FakeOllamaServer } from '../fixtures/fake-ollama-server';
import type { FakeOllamaOptions } from '../fixtures/fake-ollama-server';

export const test = base.extend<{ ollama: (options?: FakeOllamaOptions) => Promise<FakeOllamaServer> }>({
  // Playwright reads a fixture's dependencies from this destructuring: it must be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  ollama: async ({}, use) => {
    const servers: FakeOllamaServer[] = [];
    await use(async (options = {}) => {
      const server = new FakeOllamaServer(options);
      await server.start();
      servers.push(server);
      return server;
    });
    for (const server of servers) await server.stop();
  },
});

export { expect };

export function presetUrl(parameters: Record<string, string>): string {
  return `/?${new URLSearchParams(parameters).toString()}`;
}

/**
 * Opens the app with a clean IndexedDB (each test starts from a first visit). T7: a preset that
 * changes the server or lowers approval is only proposed; the test applies it as a person would.
 */
export async function openFresh(page: Page, url: string, options: { applyLink?: boolean } = {}): Promise<void> {
  // A same-origin file that is not the app: loading the app here too started a second start-up
  // whose session could still be made while the test typed (the typed task was replaced by the
  // sample's in about one run in three). The deletions are awaited, not just asked for.
  await page.goto('/favicon.svg');
  await page.evaluate(async () => {
    const names = (await indexedDB.databases()).flatMap((database) => (database.name ? [database.name] : []));
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = request.onerror = request.onblocked = () => resolve();
          }),
      ),
    );
  });
  await page.goto(url);
  await acceptLink(page, url, options.applyLink ?? true);
}

/**
 * Answers the "Confirm link settings" dialog, when the page opened one: a preset with a server or
 * approval=auto that differs from the stored settings. Resolves once the page is ready.
 */
export async function acceptLink(page: Page, url: string, apply = true): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Task' })).toBeEnabled();
  const parameters = new URLSearchParams(url.split('?')[1] ?? '');
  if (!parameters.has('host') && parameters.get('approval') !== 'auto') return;
  const dialog = page.getByRole('dialog', { name: 'Confirm link settings' });
  if (!(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: apply ? 'Apply' : 'Keep my settings' }).click();
  await expect(dialog).toBeHidden();
}

export async function runTask(page: Page, task: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Task' });
  // A fill made while a modal dialog (Settings) is still open goes nowhere: the dialog closes only
  // once its settings are stored, and the page behind it is inert until then. Tests wait for the
  // dialog to close; the box is filled again until the text holds, in case one does not.
  await expect(async () => {
    await box.fill(task);
    await expect(box).toHaveValue(task, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}
