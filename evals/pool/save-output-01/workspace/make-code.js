// Prints the build code.
const word = 'ivory';
const a = 73;
const b = 9;
console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);
