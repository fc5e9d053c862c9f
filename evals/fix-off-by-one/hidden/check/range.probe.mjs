import { range } from '../src/range.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([range(5, 5), range(-2, 1), range(3, 2), range(1, 4)]));
