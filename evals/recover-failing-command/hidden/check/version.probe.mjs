import { version } from '../src/version.js';

// The expected output is only in the task's check command, never on disk.
console.log(JSON.stringify(version));
