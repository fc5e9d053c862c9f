const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { VERSION } = require('../src/version.js');

test('the versions agree', () => {
  assert.equal(VERSION, JSON.parse(readFileSync('package.json', 'utf8')).version);
});
