export const version = 'v2.0.0';
