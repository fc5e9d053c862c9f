import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as total from '../src/total.js';
import { checkout } from '../src/cart.js';

test('only the new name', () => {
  assert.equal(total.calcTotal, undefined);
  assert.equal(total.computeTotal([{ price: 4 }, { price: 6 }]), 10);
  assert.deepEqual(checkout([{ price: 2 }, { price: 5 }]), { total: 7 });
});
