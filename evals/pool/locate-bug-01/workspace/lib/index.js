export { max } from './core.js';
