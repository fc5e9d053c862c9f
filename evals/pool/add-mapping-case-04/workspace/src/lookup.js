const names = {
  km: 'kilometre',
  m: 'metre',
  cm: 'centimetre',
};

function unitName(key) {
  return names[key] ?? 'unknown';
}

module.exports = { unitName };
