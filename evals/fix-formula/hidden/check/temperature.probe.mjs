import { toFahrenheit } from '../src/temperature.js';

// Hidden inputs; the expected output is only in the task's check command, never on disk.
console.log(JSON.stringify([toFahrenheit(0), toFahrenheit(-40), toFahrenheit(50), toFahrenheit(100)]));
