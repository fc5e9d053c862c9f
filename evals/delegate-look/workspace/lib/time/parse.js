export function parseDuration(text) {
  return Number.parseInt(text, 10) * 1000;
}
