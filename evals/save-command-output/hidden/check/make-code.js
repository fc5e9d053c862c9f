// Prints the release code. Run it; do not guess.
const parts = [3 * 7, 'Q', 1000 + 337];
console.log(parts.join('-'));
