export const pct = (x) => `${Math.round(x * 100)}%`;
