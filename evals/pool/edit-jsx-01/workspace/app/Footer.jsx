export function Footer({ team }) {
  return (
    <div className="footer">
      <p className="footer-note">Made by us</p>
    </div>
  );
}
