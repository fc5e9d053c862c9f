const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync("dist/out.txt", "built 2.17.3\n");
console.log("built 2.17.3");
