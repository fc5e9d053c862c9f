import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCount } from '../src/pager.js';

test('other sizes', () => {
  assert.equal(pageCount(1, 10), 1);
  assert.equal(pageCount(30, 10), 3);
  assert.equal(pageCount(31, 10), 4);
  assert.equal(pageCount(5, 2), 3);
});
