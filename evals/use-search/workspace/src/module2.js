export function helper2(x) {
  return x + 2;
}
