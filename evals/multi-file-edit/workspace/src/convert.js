import { units } from './units.js';

export function convert(value, from, to) {
  if (!(from in units)) throw new Error(`unknown unit: ${from}`);
  if (!(to in units)) throw new Error(`unknown unit: ${to}`);
  return (value * units[from]) / units[to];
}
