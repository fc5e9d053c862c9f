import test from 'node:test';
import assert from 'node:assert/strict';
import { greet } from '../src/greet.js';

test('greeting', () => assert.equal(greet('Lin'), "Hello, Lin!"));
