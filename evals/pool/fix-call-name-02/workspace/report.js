const { toTitle } = require('./helpers');

console.log(toTitel('report'));
