import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convert } from '../src/convert.js';

test('m to cm', () => assert.equal(convert(2, 'm', 'cm'), 200));
