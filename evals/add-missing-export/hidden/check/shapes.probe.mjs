import { square, cube } from '../src/shapes.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([square(-4), square(0), cube(3)]));
