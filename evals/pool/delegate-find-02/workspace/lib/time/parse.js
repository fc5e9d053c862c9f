export function parseDuration(text) {
  return text.length;
}
