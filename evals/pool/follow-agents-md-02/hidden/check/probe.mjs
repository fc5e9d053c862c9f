import { farewell } from '../src/farewell.js';
console.log(JSON.stringify([farewell('Kim')]));
