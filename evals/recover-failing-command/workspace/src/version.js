export const version = 1.4;
