import test from 'node:test';
import assert from 'node:assert/strict';
import { largest } from '../src/math.js';

test("largest of three", () => {
  assert.deepEqual(largest([3, 9, 4]), 9);
});
