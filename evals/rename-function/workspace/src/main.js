import { addItem, count } from './cart.js';

const cart = addItem(addItem([], 'tea'), 'milk');
console.log(count(cart));
