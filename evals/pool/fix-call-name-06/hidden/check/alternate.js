export function toTitle(d) {
  return d.toUpperCase();
}
