const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../lib/helpers.js');

test("too high", () => {
  assert.deepEqual(clamp(12, 0, 10), 10);
});

test("inside", () => {
  assert.deepEqual(clamp(5, 0, 10), 5);
});
