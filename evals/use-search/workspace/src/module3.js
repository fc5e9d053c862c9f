export function helper3(x) {
  return x + 3;
}
