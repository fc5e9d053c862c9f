import { greeting } from './lib/format.js';

console.log(greeting("Linus"));
