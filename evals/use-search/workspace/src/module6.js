export function helper6(x) {
  return x + 6;
}
