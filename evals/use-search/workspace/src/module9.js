export function helper9(x) {
  return x + 9;
}
