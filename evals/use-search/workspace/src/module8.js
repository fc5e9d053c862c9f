export function helper8(x) {
  return x + 8;
}
