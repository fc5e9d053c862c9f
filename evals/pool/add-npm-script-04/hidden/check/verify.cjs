// The task pool's checker (scripts/task-pool/check-spec.ts). The expected state is its first
// argument, JSON, never a file on disk. Exits 0 when every assertion holds; otherwise
// prints the first that fails and exits 1. Written for Node 20 and the offline shell's node alike.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS checker, run by node in the task's workspace
const fs = require('fs');

function read(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function linesOf(text) {
  const rows = String(text)
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((row) => row.replace(/\s+$/, ''));
  while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  return rows;
}

function canonical(value) {
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  if (value && typeof value === 'object')
    return (
      '{' +
      Object.keys(value)
        .sort()
        .map((key) => JSON.stringify(key) + ':' + canonical(value[key]))
        .join(',') +
      '}'
    );
  return JSON.stringify(value);
}

function tableOf(text) {
  return linesOf(text)
    .map((row) => row.trim())
    .filter((row) => row.startsWith('|') && !/^\|[\s:|-]+\|$/.test(row))
    .map((row) =>
      row
        .slice(1, row.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

// KEY: VALUE, KEY = VALUE or KEY=VALUE per line; a [section] line prefixes the keys below it.
function pairsOf(text) {
  const pairs = {};
  let section = '';
  for (const row of linesOf(text)) {
    if (row.trim() === '' || /^\s*[#;]/.test(row)) continue;
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(row);
    if (header) {
      section = header[1].trim() + '.';
      continue;
    }
    const match = /^\s*([^:=\s]+)\s*[:=]\s*(.*?)\s*$/.exec(row);
    if (!match || section + match[1] in pairs) return null;
    pairs[section + match[1]] = match[2];
  }
  return pairs;
}

function fail(message) {
  console.log('check: ' + message);
  process.exit(1);
}

const assertions = JSON.parse(process.argv[2] || '[]');
for (const assertion of assertions) {
  if ('absent' in assertion) {
    if (read(assertion.absent) !== null) fail(assertion.absent + ' is still there');
    continue;
  }
  const text = read(assertion.file);
  if (text === null) fail(assertion.file + ' is missing');
  if ('text' in assertion && linesOf(text).join('\n') !== linesOf(assertion.text).join('\n'))
    fail(assertion.file + ' does not hold the expected text');
  if ('sameLines' in assertion) {
    const have = linesOf(text).filter(Boolean).sort().join('\n');
    if (have !== linesOf(assertion.sameLines).filter(Boolean).sort().join('\n'))
      fail(assertion.file + ' does not hold the expected lines');
  }
  if ('json' in assertion) {
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      fail(assertion.file + ' is not valid JSON');
    }
    if (canonical(value) !== canonical(assertion.json)) fail(assertion.file + ' does not hold the expected JSON');
  }
  if ('answer' in assertion && assertion.answer.indexOf(text.trim()) < 0)
    fail(assertion.file + ' does not hold the expected answer');
  if ('contains' in assertion)
    for (const part of assertion.contains) if (text.indexOf(part) < 0) fail(assertion.file + ' lacks ' + part);
  if ('lacks' in assertion)
    for (const part of assertion.lacks) if (text.indexOf(part) >= 0) fail(assertion.file + ' still has ' + part);
  if ('table' in assertion && canonical(tableOf(text)) !== canonical(assertion.table))
    fail(assertion.file + ' does not hold the expected table');
  if ('pairs' in assertion && canonical(pairsOf(text)) !== canonical(assertion.pairs))
    fail(assertion.file + ' does not hold the expected settings');
}
