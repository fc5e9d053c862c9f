import test from 'node:test';
import assert from 'node:assert/strict';
import { initials } from '../src/initials.js';

test("two words", () => {
  assert.deepEqual(initials('ada lovelace'), "AL");
});
