/** Return the first letter of each word, upper-cased. */
export function initials(name) {
  throw new Error('not implemented');
}
