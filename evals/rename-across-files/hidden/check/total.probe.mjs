import * as total from '../src/total.js';
import { checkout } from '../src/cart.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([typeof total.calcTotal, total.computeTotal([{ price: 4 }, { price: 6 }]), checkout([{ price: 2 }, { price: 5 }])]));
