import test from 'node:test';
import assert from 'node:assert/strict';
import { lastChar } from '../src/tools.js';

test("abc", () => {
  assert.deepEqual(lastChar('abc'), "c");
});
