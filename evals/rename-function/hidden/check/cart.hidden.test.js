import test from 'node:test';
import assert from 'node:assert/strict';
import * as cart from '../src/cart.js';

test('addToCart replaces addItem', () => {
  assert.equal(typeof cart.addItem, 'undefined');
  assert.deepEqual(cart.addToCart(['a'], 'b'), ['a', 'b']);
  assert.equal(cart.count(cart.addToCart([], 'x')), 1);
});
