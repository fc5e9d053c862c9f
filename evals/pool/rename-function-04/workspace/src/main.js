import { calc } from './shop.js';

let list = [];
for (let i = 0; i < 6; i++) list = calc(list, i);
console.log(list.length);
