function greeting(name) {
  return `Hello, ${name}!`;
}

module.exports = { greeting };
