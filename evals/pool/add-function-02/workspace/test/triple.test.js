const test = require('node:test');
const assert = require('node:assert/strict');
const { triple } = require('../lib/helpers.js');

test("triples", () => {
  assert.deepEqual(triple(4), 12);
});
