// Prints the build code.
const word = 'badger';
const a = 29;
const b = 7;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
