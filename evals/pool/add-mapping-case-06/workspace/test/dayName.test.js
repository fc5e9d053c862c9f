const test = require('node:test');
const assert = require('node:assert/strict');
const { dayName } = require('../src/dayName.js');

test("knows an old entry", () => {
  assert.deepEqual(dayName('mon'), "Monday");
});

test("knows the new entry", () => {
  assert.deepEqual(dayName('thu'), "Thursday");
});
