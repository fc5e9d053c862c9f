export function helper5(x) {
  return x + 5;
}
