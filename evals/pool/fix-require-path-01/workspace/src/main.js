const { greeting } = require('./names');

console.log(greeting("Edsger"));
