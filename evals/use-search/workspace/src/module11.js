export function helper11(x) {
  return x + 11;
}
