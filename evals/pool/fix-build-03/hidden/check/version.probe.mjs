import { version } from '../src/version.js';
console.log(JSON.stringify(version));
