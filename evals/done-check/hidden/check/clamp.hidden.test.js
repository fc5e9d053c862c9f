import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp } from '../src/clamp.js';

test('other values', () => {
  assert.equal(clamp(3, 0, 5), 3);
  assert.equal(clamp(5, 0, 5), 5);
  assert.equal(clamp(-10, -5, 5), -5);
  assert.equal(clamp(100, 0, 50), 50);
});
