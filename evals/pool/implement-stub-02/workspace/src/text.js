/** Return the word repeated the given number of times, joined by single spaces. */
function repeatWord(word, times) {
  throw new Error('not implemented');
}

module.exports = { repeatWord };
