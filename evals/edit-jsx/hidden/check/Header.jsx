export function Header({ user }) {
  return (
    <header className="top">
      <span>Hello, {user.name}</span>
    </header>
  );
}
