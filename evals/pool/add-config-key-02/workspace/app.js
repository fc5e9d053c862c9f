const fs = require('fs');
const s = JSON.parse(fs.readFileSync("config/app.json", 'utf8'));
console.log(`${s.greeting}, ${s.user}!`);
