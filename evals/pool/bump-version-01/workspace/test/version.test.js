import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VERSION } from '../lib/version.js';

test('the versions agree', () => {
  assert.equal(VERSION, JSON.parse(readFileSync('package.json', 'utf8')).version);
});
