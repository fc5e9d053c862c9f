function identity(value) {
  return value;
}

module.exports = { identity };
