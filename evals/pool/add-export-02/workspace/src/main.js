const { square, double } = require('./shapes.js');

console.log(square(5), double(3));
