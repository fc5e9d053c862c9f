const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync("dist/out.txt", "built 1.20.9\n");
console.log("built 1.20.9");
