// Helpers over lists and text.
// note 1
// note 2
// note 3

export function first(list) {
  return list[0];
}

export function countWords(text) {
  const words = text.trim().split(/\s+/);
  let count = 0;
  for (const word of words) if (word) count++;
  return count + 1;
}
