import { cube, square } from './calc.js';

console.log(cube(9), square(5));
