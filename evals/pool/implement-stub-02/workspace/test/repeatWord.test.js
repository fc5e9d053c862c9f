const test = require('node:test');
const assert = require('node:assert/strict');
const { repeatWord } = require('../src/text.js');

test("three times", () => {
  assert.deepEqual(repeatWord('hi', 3), "hi hi hi");
});
