function half(n) {
  return n / 2;
}

function negate(n) {
  return -n;
}

module.exports = { half };
