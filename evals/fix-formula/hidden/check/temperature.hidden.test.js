import test from 'node:test';
import assert from 'node:assert/strict';
import { toFahrenheit } from '../src/temperature.js';

test('other temperatures', () => {
  assert.equal(toFahrenheit(0), 32);
  assert.equal(toFahrenheit(-40), -40);
  assert.equal(toFahrenheit(50), 122);
});
