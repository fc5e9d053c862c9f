const codes = { SAVE10: 10, HALF: 50 };

// Returns the amount after the discount code, in cents.
export function applyDiscount(amount, code) {
  const percent = codes[code] ?? 0;
  return Math.round(amount * (100 - percent) / 100);
}
