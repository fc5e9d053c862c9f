import { percent } from './helpers.js';

console.log(precent(0.42));
