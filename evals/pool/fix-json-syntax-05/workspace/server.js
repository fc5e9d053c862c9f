const fs = require('fs');
const settings = JSON.parse(fs.readFileSync("config/site.json", 'utf8'));
console.log(`${settings.name} in ${settings.city} on ${settings.port}`);
