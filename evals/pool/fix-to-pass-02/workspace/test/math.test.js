const test = require('node:test');
const assert = require('node:assert/strict');
const { largest } = require('../lib/math.js');

test("largest of three", () => {
  assert.deepEqual(largest([3, 9, 4]), 9);
});
