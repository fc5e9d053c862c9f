export function formatDate(d) {
  return `${d.year}-${String(d.month).padStart(2, '0')}`;
}
