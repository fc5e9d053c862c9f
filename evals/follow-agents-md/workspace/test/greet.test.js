import { test } from 'node:test';
import assert from 'node:assert/strict';
import { greet } from '../src/greet.js';

test('greets with a comma', () => assert.equal(greet('Ada'), 'Hello, Ada!'));
