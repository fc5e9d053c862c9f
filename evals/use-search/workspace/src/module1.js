export function helper1(x) {
  return x + 1;
}
