const test = require('node:test');
const assert = require('node:assert/strict');
const { lastChar } = require('../lib/helpers.js');

test("abc", () => {
  assert.deepEqual(lastChar('abc'), "c");
});
