const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync("dist/out.txt", "built 3.13.1\n");
console.log("built 3.13.1");
