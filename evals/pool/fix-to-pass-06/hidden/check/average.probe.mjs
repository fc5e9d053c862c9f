import { average } from '../lib/math.js';
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([average([5]), average([1, 2]), average([10, 20, 30, 40])]));
