const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync("dist/out.txt", "built 7.14.8\n");
console.log("built 7.14.8");
