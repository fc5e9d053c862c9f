export function padLeft(text, width, fill = ' ') {
  let out = String(text);
  while (out.length < width) out = ' ' + out;
  return out;
}
