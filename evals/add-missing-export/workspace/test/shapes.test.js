import test from 'node:test';
import assert from 'node:assert/strict';
import { square, cube } from '../src/shapes.js';

test('square and cube', () => {
  assert.equal(square(3), 9);
  assert.equal(cube(2), 8);
});
