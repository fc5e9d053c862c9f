import { test } from 'node:test';
import assert from 'node:assert/strict';
import { greet } from '../src/greet.js';

test('other names', () => assert.equal(greet('Lin'), 'Hello, Lin!'));
