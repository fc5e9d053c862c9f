export function calc(list, item) {
  return [...list, item];
}
