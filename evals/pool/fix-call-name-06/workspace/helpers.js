export function toTitle(d) {
  return d[0].toUpperCase() + d.slice(1);
}
