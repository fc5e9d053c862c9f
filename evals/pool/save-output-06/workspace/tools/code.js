// Prints the build code.
const word = 'otter';
const a = 87;
const b = 5;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
