const names = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
};

export function dayName(key) {
  return names[key] ?? 'unknown';
}
