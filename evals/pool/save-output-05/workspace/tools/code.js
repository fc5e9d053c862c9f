// Prints the build code.
const word = 'walrus';
const a = 85;
const b = 4;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
