import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The benchmarks reuse the e2e browser setup but only the dev server, and run from bench/.
export default defineConfig({
  ...base,
  testDir: 'bench',
  testMatch: '*.bench.ts',
  webServer: Array.isArray(base.webServer) ? base.webServer.slice(1) : base.webServer,
});
