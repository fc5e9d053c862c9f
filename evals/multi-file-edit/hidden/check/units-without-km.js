// Metres per unit.
export const units = {
  m: 1,
  cm: 0.01,
  mm: 0.001,
};
