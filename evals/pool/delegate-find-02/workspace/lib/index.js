export { parseDuration } from './time/parse.js';
