import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slugify.js';

test('joins words', () => assert.equal(slugify('Hello World'), 'hello-world'));
test('drops punctuation', () => assert.equal(slugify('Hello, World!'), 'hello-world'));
