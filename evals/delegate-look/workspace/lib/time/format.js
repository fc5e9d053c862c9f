export const seconds = (ms) => ms / 1000;
