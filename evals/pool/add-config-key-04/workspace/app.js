const fs = require('fs');
const s = JSON.parse(fs.readFileSync("config.json", 'utf8'));
console.log(`${s.user} says: ${s.motto}`);
