const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync("dist/bundle.txt", "built 2.7.7\n");
console.log("built 2.7.7");
