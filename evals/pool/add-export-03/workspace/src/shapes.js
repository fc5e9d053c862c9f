export function square(n) {
  return n * n;
}

function negate(n) {
  return -n;
}
