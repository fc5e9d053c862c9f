export const version = '3.4.1-beta';
