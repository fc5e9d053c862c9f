import test from 'node:test';
import assert from 'node:assert/strict';
import { greet } from '../src/greet.js';

test('other names still work', () => {
  assert.equal(greet('Lin'), 'Hello, Lin!');
  assert.equal(greet(undefined), 'Hello, friend!');
});
