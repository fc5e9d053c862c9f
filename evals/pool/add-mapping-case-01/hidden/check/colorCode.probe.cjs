const { colorCode } = require('../src/lookup.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([colorCode('red'), colorCode('green'), colorCode('blue'), colorCode('white'), colorCode('zz')]));
