import { dayName } from '../lib/names.js';
// Hidden inputs; the expected output is only in the check command.
console.log(JSON.stringify([dayName('mon'), dayName('tue'), dayName('wed'), dayName('thu'), dayName('zz')]));
