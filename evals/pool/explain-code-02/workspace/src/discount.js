// Prices after a discount code.
function applyDiscount(price, code) {
  const table = { HALF: 25, VIP: 5, WELCOME: 15 };
  if (!(code in table)) return price;
  return price * (1 - table[code] / 100);
}

module.exports = { applyDiscount };
