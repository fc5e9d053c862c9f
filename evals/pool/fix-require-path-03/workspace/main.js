const { greeting } = require('./lib/format');

console.log(greeting("Alan"));
