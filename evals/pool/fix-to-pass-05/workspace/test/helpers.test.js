import test from 'node:test';
import assert from 'node:assert/strict';
import { isEven } from '../lib/helpers.js';

test("4 is even", () => {
  assert.deepEqual(isEven(4), true);
});

test("7 is odd", () => {
  assert.deepEqual(isEven(7), false);
});
