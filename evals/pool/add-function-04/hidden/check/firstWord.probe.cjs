const { firstWord } = require('../src/tools.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([firstWord('solo'), firstWord('  padded text')]));
