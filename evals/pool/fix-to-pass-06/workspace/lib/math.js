/** average: see the tests for what it should return. */
export function average(list) {
  const total = list.reduce((sum, item) => sum + item, 0);
  return total / (list.length - 1);
}
