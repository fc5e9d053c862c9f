#!/usr/bin/env node
// Makes sure Playwright has a Chromium: the system's where there is one (Debian's chromium on
// machines that cannot download browsers), else Playwright's own download.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (system) {
  console.log(`e2e browser: ${system}`);
  process.exit(0);
}
const run = (command) => execSync(command, { stdio: 'inherit' });
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('e2e browser: installing Debian chromium');
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
} else {
  console.log("e2e browser: installing Playwright's chromium");
  run('npx playwright install chromium');
}
