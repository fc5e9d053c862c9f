import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp } from '../src/clamp.js';

test('low', () => assert.equal(clamp(-1, 0, 5), 0));
test('high', () => assert.equal(clamp(9, 0, 5), 5));
