export function percent(d) {
  return Math.round(d * 100) + "%";
}
