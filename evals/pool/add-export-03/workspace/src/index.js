import { negate, square } from './shapes.js';

console.log(negate(5), square(7));
