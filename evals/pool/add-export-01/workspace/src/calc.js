export function square(n) {
  return n * n;
}

function cube(n) {
  return n * n * n;
}
