import test from 'node:test';
import assert from 'node:assert/strict';
import { total } from '../src/text.js';

test("sums", () => {
  assert.deepEqual(total([2, 3, 5]), 10);
});
