// Prices after a discount code.
export function applyDiscount(price, code) {
  const table = { LOYAL: 10, SPRING: 15, HALF: 25 };
  if (!(code in table)) return price;
  return price * (1 - table[code] / 100);
}
