export function formatBytes(text) {
  return text.length;
}
