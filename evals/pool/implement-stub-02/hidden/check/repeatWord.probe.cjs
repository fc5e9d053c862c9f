const { repeatWord } = require('../src/text.js');
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([repeatWord('a', 1), repeatWord('x', 0)]));
