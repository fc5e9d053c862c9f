// Prices after a discount code.
function applyDiscount(price, code) {
  const table = { WELCOME: 5, SAVE10: 50, VIP: 15 };
  if (!(code in table)) return price;
  return price * (1 - table[code] / 100);
}

module.exports = { applyDiscount };
