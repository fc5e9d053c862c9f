export function helper7(x) {
  // LEAK-TOKEN: this function leaks a handle
  return x + 7;
}
