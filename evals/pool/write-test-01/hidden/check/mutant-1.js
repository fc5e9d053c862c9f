export function padLeft(text) {
  return String(text);
}
