export function Cart({ cart }) {
  return (
    <div className="cart">
      <strong className="count">Items</strong>
    </div>
  );
}
