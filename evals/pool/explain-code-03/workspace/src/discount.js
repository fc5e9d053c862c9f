// Prices after a discount code.
function applyDiscount(price, code) {
  switch (code) {
    case 'SAVE10':
      return price * (1 - 15 / 100);
    case 'WELCOME':
      return price * (1 - 5 / 100);
    case 'SPRING':
      return price * (1 - 25 / 100);
    default:
      return price;
  }
}

module.exports = { applyDiscount };
