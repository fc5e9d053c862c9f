// Prices after a discount code.
export function applyDiscount(price, code) {
  switch (code) {
    case 'HALF':
      return price * (1 - 5 / 100);
    case 'LOYAL':
      return price * (1 - 20 / 100);
    case 'WELCOME':
      return price * (1 - 15 / 100);
    default:
      return price;
  }
}
