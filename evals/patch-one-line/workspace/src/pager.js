export function pageCount(items, perPage) {
  return Math.floor(items / perPage);
}
