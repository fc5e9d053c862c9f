const { negate, half } = require('./numbers.js');

console.log(negate(7), half(9));
