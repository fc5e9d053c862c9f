import { formatDate } from './helpers.js';

console.log(formatDat({ year: 2026, month: 3 }));
