import * as cart from '../src/cart.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([typeof cart.addItem, cart.addToCart(['a'], 'b'), cart.count(cart.addToCart([], 'x'))]));
