export function greeting(name) {
  return `HELLO, ${name.toUpperCase()}!`;
}
