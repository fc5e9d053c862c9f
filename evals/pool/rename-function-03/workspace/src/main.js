const { doIt } = require('./cart.js');

let list = [];
for (let i = 0; i < 3; i++) list = doIt(list, i);
console.log(list.length);
