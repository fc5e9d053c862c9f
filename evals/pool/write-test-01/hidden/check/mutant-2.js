export function padLeft(text, width, fill = ' ') {
  const value = String(text);
  return value.length >= width ? value : value + fill.repeat(width - value.length);
}
