export function helper10(x) {
  return x + 10;
}
