export function addItem(cart, item) {
  return [...cart, item];
}

export function count(cart) {
  return cart.length;
}
