import test from 'node:test';
import assert from 'node:assert/strict';
import { average } from '../lib/math.js';

test("averages a list", () => {
  assert.deepEqual(average([2, 4, 6]), 4);
});
