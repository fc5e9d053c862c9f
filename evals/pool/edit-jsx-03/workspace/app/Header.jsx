export function Header({ user }) {
  return (
    <div className="header">
      <h1 className="title">Hello</h1>
    </div>
  );
}
