const test = require('node:test');
const assert = require('node:assert/strict');
const { colorCode } = require('../src/lookup.js');

test("knows an old entry", () => {
  assert.deepEqual(colorCode('red'), "#f00");
});

test("knows the new entry", () => {
  assert.deepEqual(colorCode('white'), "#fff");
});
