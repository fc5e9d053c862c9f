export function show(value) {
  return String(value);
}
