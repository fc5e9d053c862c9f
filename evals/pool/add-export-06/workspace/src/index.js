const { square, cube } = require('./calc.js');

console.log(square(5), cube(5));
