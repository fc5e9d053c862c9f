import { greet } from '../src/greet.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([greet('Lin'), greet(), greet(undefined)]));
