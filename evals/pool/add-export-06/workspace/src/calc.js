function cube(n) {
  return n * n * n;
}

function square(n) {
  return n * n;
}

module.exports = { cube };
