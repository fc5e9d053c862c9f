export function percent(d) {
  return (d * 100).toFixed(1) + "%";
}
