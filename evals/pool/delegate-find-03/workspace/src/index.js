export { formatBytes } from './size/parse.js';
