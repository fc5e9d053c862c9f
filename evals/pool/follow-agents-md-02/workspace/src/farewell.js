export function farewell(name) {
  return 'Bye ' + name;
}
