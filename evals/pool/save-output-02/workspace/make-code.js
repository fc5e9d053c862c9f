// Prints the build code.
const word = 'walrus';
const a = 34;
const b = 9;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
