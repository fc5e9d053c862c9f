/**
 * W1 W2: the offline shell's node answers as Node 20 does. Each case runs on the offline workspace
 * and on a real directory (real node), and the two must agree on the exit code and on what the
 * case says to compare. A check that passes offline and fails on a real project is a wrong eval.
 * Keep this suite growing: every difference found goes here first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { restoreFiles } from '../../../src/lib/workspace/workspace-files';
import type { Workspace } from '../../../src/lib/harness/ports';

interface Case {
  name: string;
  files: Record<string, string>;
  command: string;
  /** What of stdout must agree (default: all of it, trimmed). */
  compare?: (stdout: string) => string;
  /** W2: the uncaught error's report must agree: where (file and line), that line, and the message. */
  error?: boolean;
}

/** The lines of an error report that must agree, with the workspace's own root taken out. */
function errorReport(stderr: string, root: string): string {
  const lines = stderr.split('\n').map((line) => line.replace('file://', '').split(`${root}/`).join(''));
  const message = lines.findIndex((line) => /^(?:[A-Z]\w*)?Error: /.test(line));
  const place = lines.findIndex((line) => /^\S+:\d+$/.test(line));
  return [place >= 0 ? lines.slice(place, place + 2).join('\n') : '(no place)', lines[message] ?? stderr].join('\n');
}

const esm = { 'package.json': '{ "type": "module" }\n' };
const shapes = 'function square(n) {\n  return n * n;\n}\n\nexport function cube(n) {\n  return n * n * n;\n}\n';
const main = "import { square, cube } from './shapes.js';\nconsole.log(square(3), cube(2));\n";
const errorCases: Case[] = [
  ['a redeclared binding', { ...esm, 'src/main.js': main, 'src/shapes.js': `${shapes}export const square = 1;\n` }],
  ['a redeclared function', { ...esm, 'src/main.js': main, 'src/shapes.js': `${shapes}export function square() {}\n` }],
  ['an import of a missing export', { ...esm, 'src/main.js': main, 'src/shapes.js': shapes }],
  ['module.exports in an ES module', { 'src/main.js': 'export const f = 1;\nmodule.exports = { f };\n' }],
  ['an unexpected number', { 'src/main.js': 'const x = 1\nconst y = 2 3;\n' }],
  ['an unexpected token', { 'src/main.js': 'const x = <div>hi</div>;\n' }],
  ['an unexpected identifier', { 'src/main.js': 'const x = 1;\nlet y = x z;\n' }],
  ['an undefined variable', { 'src/main.js': 'const x = 1;\nconsole.log(y);\n' }],
  ['a call of what is not a function', { 'src/main.js': 'const o = {};\no.run();\n' }],
  ['a property read of undefined', { 'src/main.js': 'const o = undefined;\nconsole.log(o.x);\n' }],
  ['an error thrown in CommonJS', { 'src/main.js': "function f() {\n  throw new Error('boom');\n}\nf();\n" }],
  ['new of what is not a constructor', { 'src/main.js': 'const F = 1;\nnew F();\n' }],
  ['an export of a bare name', { ...esm, 'src/main.js': 'function square(n) {\n  return n * n;\n}\nexport square;\n' }],
  ['a runaway recursion', { 'src/main.js': 'function f(n) {\n  return f(n + 1) + 1;\n}\nf(0);\n' }],
].map(([what, files]) => ({
  name: `an uncaught error (${what as string}) is reported where Node reports it, in its words`,
  files: files as Record<string, string>,
  command: 'node src/main.js',
  error: true,
}));

const ran = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.includes('RAN '))
    .map((line) => line.slice(line.indexOf('RAN ')))
    .sort()
    .join('\n');

const discovery: Record<string, string> = {};
for (const file of [
  'tests/a.js',
  'tests/b.test.js',
  'test/sub/c.js',
  '__tests__/d.js',
  'src/e.spec.js',
  'src/f-test.js',
  'src/g_test.js',
  'src/test-h.js',
  'test.js',
  'src/test.mjs',
  'src/i.test.cjs',
  'node_modules/x/test.js',
])
  discovery[file] = `console.log('RAN ${file}');\n`;

const cases: Case[] = [
  {
    name: 'node --input-type=module -e runs the code as a module',
    files: {},
    command: `node --input-type=module -e "console.log(40 + 2)"`,
  },
  {
    name: 'node -e reads piped stdin through process.stdin',
    files: {},
    command: `echo hi | node -e "let s=''; process.stdin.on('data', (d) => (s += d)); process.stdin.on('end', () => console.log(s.trim().toUpperCase()))"`,
  },
  {
    name: 'import syntax in a "type": "commonjs" package fails',
    files: { 'package.json': '{ "type": "commonjs" }\n', 'a.js': "import fs from 'node:fs';\nconsole.log('ran');\n" },
    command: 'node a.js > /dev/null 2>&1; echo $?',
  },
  {
    name: 'node --test discovers the files Node 20 discovers, and only those',
    files: discovery,
    command: 'node --test',
    compare: ran,
  },
  {
    name: 'node --test with no test files exits 0',
    files: { 'README.md': '# nothing to test\n' },
    command: 'node --test > /dev/null 2>&1; echo $?',
  },
  {
    name: 'a package without "type" detects import syntax; "type": "module" needs no detection',
    files: {
      'a/package.json': '{ "name": "a" }\n',
      'a/x.js': "import { sep } from 'node:path';\nconsole.log(typeof sep);\n",
      'b/package.json': '{ "type": "module" }\n',
      'b/y.js': 'console.log(typeof import.meta);\n',
    },
    command: 'node a/x.js; node b/y.js',
  },
  {
    name: 'require() of an ES module returns its namespace (Node 20.19+), through a chain of imports',
    files: {
      'm.mjs': "export const x = 42;\nexport default 'd';\n",
      'chain.mjs': "import { x } from './m.mjs';\nexport const w = x + 1;\n",
      'plain.mjs': 'export const z = 3;\n',
      'a.cjs':
        "const m = require('./m.mjs');\nconsole.log(m.x, m.default, Object.keys(m).join(','));\n" +
        "console.log(require('./chain.mjs').w, Object.keys(require('./plain.mjs')).join(','));\n" +
        "console.log(require('./m.mjs') === m);\n",
    },
    command: 'node a.cjs',
  },
  {
    name: 'require() of an ES module with top-level await fails with ERR_REQUIRE_ASYNC_MODULE',
    files: {
      't.mjs': 'await Promise.resolve();\nexport const y = 1;\n',
      'b.cjs': "try {\n  require('./t.mjs');\n} catch (error) {\n  console.log(error.code);\n}\n",
    },
    command: 'node b.cjs',
  },
  {
    // Node's reporters name where a failing test was declared (spec: "test at FILE:LINE:COL",
    // TAP: "location: '/abs/FILE:LINE:COL'"); the offline one says it the spec way.
    name: 'node --test names the file, line and column of each failing test',
    files: {
      'package.json': '{ "type": "module" }',
      'test/clamp.test.js': [
        "import { test, it } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "test('passes', () => assert.equal(1, 1));",
        "test('high', () => assert.equal(9, 5));",
        'if (true) {',
        "  it('indented', () => assert.equal(1, 2));",
        '}',
      ].join('\n'),
    },
    command: 'node --test',
    compare: (stdout) =>
      [...new Set(stdout.match(/(?<=location: '\S*|test at )test\/clamp\.test\.js:\d+:\d+/g) ?? [])].sort().join(' '),
  },
  {
    name: 'cmp says whether two files are the same',
    files: { 'a.txt': 'same\n', 'b.txt': 'same\n', 'c.txt': 'other\n' },
    command: 'cmp -s a.txt b.txt; echo $?; cmp -s a.txt c.txt; echo $?',
  },
  ...errorCases,
];

const made: string[] = [];
afterAll(() => {
  for (const directory of made) rmSync(directory, { recursive: true, force: true });
});

async function on(
  kind: 'offline' | 'directory',
  files: Record<string, string>,
): Promise<{ workspace: Workspace; root: string }> {
  if (kind === 'offline') return { workspace: new MemoryWorkspace({ files }), root: '/workspace' };
  const directory = mkdtempSync(path.join(tmpdir(), 'harness-fidelity-'));
  made.push(directory);
  const workspace = new NodeDirectoryWorkspace(directory);
  await restoreFiles(workspace, files);
  return { workspace, root: directory };
}

describe('W1 W2 the offline node agrees with Node 20', () => {
  for (const entry of cases) {
    it(`W1 ${entry.name}`, async () => {
      const results = await Promise.all(
        (['directory', 'offline'] as const).map(async (kind) => {
          const { workspace, root } = await on(kind, entry.files);
          const result = await workspace.exec(entry.command, { timeoutMs: 30_000 });
          return {
            exitCode: result.exitCode,
            stdout: (entry.compare ?? ((text: string) => text.trim()))(result.stdout),
            ...(entry.error ? { stderr: errorReport(result.stderr, root) } : {}),
          };
        }),
      );
      const [real, offline] = results;
      expect(offline, `real node: ${JSON.stringify(real)}`).toEqual(real);
    });
  }
});
