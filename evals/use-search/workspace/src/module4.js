export function helper4(x) {
  return x + 4;
}
