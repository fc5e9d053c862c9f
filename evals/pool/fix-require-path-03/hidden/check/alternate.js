function greeting(name) {
  return `HELLO, ${name.toUpperCase()}!`;
}

module.exports = { greeting };
