/** isEven: see the tests for what it should return. */
export function isEven(n) {
  return n % 2 === 1;
}
