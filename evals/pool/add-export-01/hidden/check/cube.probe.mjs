import { cube } from '../src/calc.js';
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([cube(3), cube(0), cube(10)]));
