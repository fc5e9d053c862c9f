import { slugify } from '../src/slugify.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([slugify('A.B.C'), slugify('  Many   spaces '), slugify('What? Why!'), slugify('Hello, World!')]));
