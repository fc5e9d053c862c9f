export { countWords } from './lists.js';
