// Helpers over lists and text.
// note 1
// note 2

export function first(list) {
  return list[0];
}

export function everyOther(list) {
  const out = [];
  for (let i = 1; i < list.length; i += 2) out.push(list[i]);
  return out;
}
