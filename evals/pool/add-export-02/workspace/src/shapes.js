function double(n) {
  return n * 2;
}

function square(n) {
  return n * n;
}

module.exports = { double };
