import test from 'node:test';
import assert from 'node:assert/strict';
import { square, cube } from '../src/shapes.js';

test('square and cube on other inputs', () => {
  assert.equal(square(-4), 16);
  assert.equal(square(0), 0);
  assert.equal(cube(3), 27);
});
