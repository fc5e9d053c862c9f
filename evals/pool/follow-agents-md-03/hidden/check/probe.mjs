import { shout } from '../src/shout.js';
console.log(JSON.stringify([shout('no')]));
