import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convert } from '../src/convert.js';

test('km and mm', () => {
  assert.equal(convert(3, 'km', 'm'), 3000);
  assert.equal(convert(5000, 'mm', 'm'), 5);
  assert.equal(convert(1, 'km', 'mm'), 1000000);
});
