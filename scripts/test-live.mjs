#!/usr/bin/env node
// npm run test:live — the live suite (O3) against a real Ollama: vitest (wire contract, harness,
// CLI) and Playwright (the page). Without a server each part skips with a one-line reason;
// with HARNESS_REQUIRE_LIVE=1 (CI) a skip is a failure.
import { spawnSync } from 'node:child_process';

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['vitest', 'run', '--config', 'vitest.live.config.ts']);
run('node', ['scripts/ensure-browser.mjs']);
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['playwright', 'test', 'tests/e2e/live'], { PLAYWRIGHT_LIVE: '1' });
