import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCount } from '../src/pager.js';

test('full pages', () => assert.equal(pageCount(20, 10), 2));
test('a partial last page counts', () => assert.equal(pageCount(21, 10), 3));
test('nothing', () => assert.equal(pageCount(0, 10), 0));
