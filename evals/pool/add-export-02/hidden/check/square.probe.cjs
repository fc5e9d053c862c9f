const { square } = require('../src/shapes.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([square(3), square(0), square(10)]));
