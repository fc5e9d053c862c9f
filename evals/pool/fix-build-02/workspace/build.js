import { version } from './src/version.js';

if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`build failed: src/version.js must export a version like 1.0.0, got ${JSON.stringify(version)}`);
  process.exit(1);
}
console.log(`built ${version}`);
