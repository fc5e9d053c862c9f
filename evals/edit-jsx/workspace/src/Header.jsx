export function Header({ user }) {
  return (
    <header className="top">
      <span>Hello</span>
    </header>
  );
}
