export function double(n) {
  return n * 2;
}

function negate(n) {
  return -n;
}
