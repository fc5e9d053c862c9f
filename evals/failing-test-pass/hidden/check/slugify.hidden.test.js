import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slugify.js';

test('other titles', () => {
  assert.equal(slugify('A.B.C'), 'a-b-c');
  assert.equal(slugify('  Many   spaces '), 'many-spaces');
  assert.equal(slugify('What? Why!'), 'what-why');
});
