const test = require('node:test');
const assert = require('node:assert/strict');
const { firstWord } = require('../src/tools.js');

test("two words", () => {
  assert.deepEqual(firstWord('hello world'), "hello");
});
