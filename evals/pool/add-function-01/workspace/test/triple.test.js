const test = require('node:test');
const assert = require('node:assert/strict');
const { triple } = require('../src/util.js');

test("triples", () => {
  assert.deepEqual(triple(4), 12);
});
