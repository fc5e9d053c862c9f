// Helpers over lists and text.
// note 1
// note 2

export function first(list) {
  return list[0];
}

export function max(list) {
  let best = list[0];
  for (let i = 1; i < list.length - 1; i++) {
    if (list[i] > best) best = list[i];
  }
  return best;
}
