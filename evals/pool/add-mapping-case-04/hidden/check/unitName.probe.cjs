const { unitName } = require('../src/lookup.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([unitName('km'), unitName('m'), unitName('cm'), unitName('mm'), unitName('zz')]));
