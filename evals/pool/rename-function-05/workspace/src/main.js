const { doIt } = require('./shop.js');

let list = [];
for (let i = 0; i < 6; i++) list = doIt(list, i);
console.log(list.length);
