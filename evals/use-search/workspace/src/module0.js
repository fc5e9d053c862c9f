export function helper0(x) {
  return x + 0;
}
