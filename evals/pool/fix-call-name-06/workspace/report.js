import { toTitle } from './helpers.js';

console.log(toTitel('report'));
