export { everyOther } from './core.js';
