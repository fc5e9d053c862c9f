import { greeting } from './names.js';

console.log(greeting("Margaret"));
