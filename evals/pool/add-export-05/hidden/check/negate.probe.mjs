import { negate } from '../src/calc.js';
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([negate(3), negate(0), negate(10)]));
