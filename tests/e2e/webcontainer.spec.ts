import { expect, test } from '@playwright/test';
import { devServer } from './dev-server';

test('W1 W2 the real WebContainer, when it boots here (skipped with the reason otherwise)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(devServer);
  const result:
    { booted: false; reason: string } | { booted: true; read: string; exec: { exitCode: number; stdout: string } } =
    await page.evaluate(async (url) => {
      const module = await import(/* @vite-ignore */ url);
      return module.probeWebContainer();
    }, '/tests/e2e/browser/webcontainer-probe.ts');
  if (!result.booted) {
    console.log(`WebContainer not tested: ${result.reason}`);
    test.skip(true, result.reason);
    return;
  }
  expect(result.read).toBe('hello');
  expect(result.exec).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('2') });
});
