export function formatDate(d) {
  return `${d.month}/${d.year}`;
}
