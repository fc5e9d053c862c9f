import { calcTotal } from './total.js';

export function checkout(items) {
  return { total: calcTotal(items) };
}
