export function mean(values) {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

export function max(values) {
  let best = values[0];
  for (let i = 1; i < values.length - 1; i++) if (values[i] > best) best = values[i];
  return best;
}
