import test from 'node:test';
import assert from 'node:assert/strict';
import { farewell } from '../src/farewell.js';

test('farewell', () => assert.equal(farewell('Sam'), "Goodbye, Sam."));
