import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's chromium where Playwright cannot download its own browser; Playwright's elsewhere.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const port = Number(process.env.E2E_PORT ?? 4173);
const devPort = Number(process.env.E2E_DEV_PORT ?? 4174);

export default defineConfig({
  testDir: 'tests/e2e',
  // The live specs (real Ollama) run only through npm run test:live.
  testIgnore: process.env.PLAYWRIGHT_LIVE ? [] : ['**/live/**'],
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(systemChromium && !process.env.PLAYWRIGHT_OWN_BROWSER ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Serves source modules, for checks that run library code inside a real page.
      command: `npx vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      url: `http://127.0.0.1:${devPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
