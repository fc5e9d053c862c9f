import test from 'node:test';
import assert from 'node:assert/strict';
import { colorCode } from '../lib/names.js';

test("knows an old entry", () => {
  assert.deepEqual(colorCode('red'), "#f00");
});

test("knows the new entry", () => {
  assert.deepEqual(colorCode('white'), "#fff");
});
