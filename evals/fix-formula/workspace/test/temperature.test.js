import test from 'node:test';
import assert from 'node:assert/strict';
import { toFahrenheit } from '../src/temperature.js';

test('boiling point', () => {
  assert.equal(toFahrenheit(100), 212);
});
