import { greet } from '../src/greet.js';
console.log(JSON.stringify([greet('Ada')]));
