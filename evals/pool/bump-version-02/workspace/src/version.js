export const VERSION = '2.5.8';
