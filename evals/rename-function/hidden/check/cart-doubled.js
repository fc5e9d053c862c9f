// A cart that adds every item twice: main.js prints 4 with it only if it really calls addToCart.
export function addToCart(cart, item) {
  return [...cart, item, item];
}

export function count(cart) {
  return cart.length;
}
