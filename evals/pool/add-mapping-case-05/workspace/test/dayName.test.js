import test from 'node:test';
import assert from 'node:assert/strict';
import { dayName } from '../lib/names.js';

test("knows an old entry", () => {
  assert.deepEqual(dayName('mon'), "Monday");
});

test("knows the new entry", () => {
  assert.deepEqual(dayName('thu'), "Thursday");
});
