// Prints the build code.
const word = 'teal';
const a = 12;
const b = 8;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
