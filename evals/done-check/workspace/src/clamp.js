export function clamp(value, low, high) {
  return Math.max(low, value);
}
