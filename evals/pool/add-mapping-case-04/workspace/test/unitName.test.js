const test = require('node:test');
const assert = require('node:assert/strict');
const { unitName } = require('../src/lookup.js');

test("knows an old entry", () => {
  assert.deepEqual(unitName('km'), "kilometre");
});

test("knows the new entry", () => {
  assert.deepEqual(unitName('mm'), "millimetre");
});
