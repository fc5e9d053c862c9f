function square(n) {
  return n * n;
}

export function cube(n) {
  return n * n * n;
}
