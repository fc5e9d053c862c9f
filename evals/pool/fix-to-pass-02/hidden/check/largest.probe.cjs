const { largest } = require('../lib/math.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([largest([1]), largest([-5, -2, -9]), largest([2, 8, 8, 1])]));
