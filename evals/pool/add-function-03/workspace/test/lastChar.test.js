const test = require('node:test');
const assert = require('node:assert/strict');
const { lastChar } = require('../src/util.js');

test("abc", () => {
  assert.deepEqual(lastChar('abc'), "c");
});
