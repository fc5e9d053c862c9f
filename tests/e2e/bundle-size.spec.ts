import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

test('U1 the entry chunk stays small: Monaco, xterm, the shell and the loop load on demand (gzip ≤ 200 KB)', async () => {
  const html = readFileSync('dist/index.html', 'utf8');
  const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const size = gzipSync(readFileSync(`dist/${entry}`)).length;
  console.log(`entry chunk ${entry}: ${(size / 1024).toFixed(1)} KB gzip`);
  expect(size).toBeLessThanOrEqual(200 * 1024);
  // The shell is a chunk of its own, referenced from the entry only as a dynamic import.
  const source = readFileSync(`dist/${entry}`, 'utf8');
  expect(source).toMatch(/memory-workspace-[\w-]+\.js/);
  expect(source).not.toContain('InMemoryFs');
  // The loop and its rules load with the first run or warm-up (run-controller's import): the
  // entry may name a rule (the packs are lists of ids, for Settings) but holds none.
  expect(source).not.toContain('could make itself runs as that call');
});
