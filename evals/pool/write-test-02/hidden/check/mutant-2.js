export function slugify(text) {
  return text.trim().replace(/[^A-Za-z0-9]+/g, '-');
}
