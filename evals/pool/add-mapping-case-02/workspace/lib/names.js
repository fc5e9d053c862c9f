const names = {
  red: '#f00',
  green: '#0f0',
  blue: '#00f',
};

export function colorCode(key) {
  return names[key] ?? 'unknown';
}
