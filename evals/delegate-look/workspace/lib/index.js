export * from './time/parse.js';
