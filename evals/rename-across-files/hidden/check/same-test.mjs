// The model's test, as it should read after the rename (whitespace aside): it was edited, not replaced or emptied.
import { readFileSync } from 'node:fs';

const words = (path) => readFileSync(path, 'utf8').replace(/\s+/g, ' ').trim();
process.exit(words('test/total.test.js') === words('check/total.test.js') ? 0 : 1);
