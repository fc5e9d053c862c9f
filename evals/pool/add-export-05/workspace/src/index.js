import { negate, double } from './calc.js';

console.log(negate(2), double(8));
