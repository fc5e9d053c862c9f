const names = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
};

function dayName(key) {
  return names[key] ?? 'unknown';
}

module.exports = { dayName };
