import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeTotal } from '../src/total.js';
import { checkout } from '../src/cart.js';

test('total', () => assert.equal(computeTotal([{ price: 2 }, { price: 3 }]), 5));
test('checkout', () => assert.deepEqual(checkout([{ price: 1 }]), { total: 1 }));
