import { square, cube } from './shapes.js';

console.log(square(3), cube(2));
