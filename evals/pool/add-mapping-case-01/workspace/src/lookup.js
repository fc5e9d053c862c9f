const names = {
  red: '#f00',
  green: '#0f0',
  blue: '#00f',
};

function colorCode(key) {
  return names[key] ?? 'unknown';
}

module.exports = { colorCode };
