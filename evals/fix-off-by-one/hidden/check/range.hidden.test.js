import test from 'node:test';
import assert from 'node:assert/strict';
import { range } from '../src/range.js';

test('range on other inputs', () => {
  assert.deepEqual(range(5, 5), [5]);
  assert.deepEqual(range(-2, 1), [-2, -1, 0, 1]);
  assert.deepEqual(range(3, 2), []);
});
