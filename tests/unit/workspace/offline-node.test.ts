import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { sampleProjects } from '../../../src/lib/workspace/samples/sample-projects';
import { final, harness, toolResults } from '../helpers';
import { failingTestsReport } from '../../../src/lib/workspace/offline-node/failing-tests';

describe('node in the offline shell (QuickJS)', () => {
  it('W2 runs ES modules with relative imports, console and process.exit codes', async () => {
    const workspace = new MemoryWorkspace({
      files: {
        'src/a.mjs':
          "import { b } from './lib/b.js';\nconsole.log('b is', " +
          "b);\nconsole.error('to stderr');\nprocess.exit(b === 42 ? 3 : 0);\n",
        'src/lib/b.js': 'export const b = 42;\n',
        'data.json': '{"x": 1}',
      },
    });
    const result = await workspace.exec('node src/a.mjs');
    expect(result).toMatchObject({ exitCode: 3, stdout: 'b is 42\n', stderr: 'to stderr\n' });
    expect((await workspace.exec(`node -e 'import data from "./data.json"; console.log(data.x + 1)'`)).stdout).toBe(
      '2\n',
    );
  });

  it('W2 node --test runs the sample suites: the failing ones fail with assertion messages, and a fix makes them pass', async () => {
    // Samples with a test suite (the first task and the Demo's project are made without one).
    for (const sample of sampleProjects.filter((entry) =>
      Object.keys(entry.files).some((path) => path.includes('test')),
    )) {
      const workspace = new MemoryWorkspace({ files: sample.files });
      const result = await workspace.exec('npm test');
      expect(result.stdout, sample.id).toContain('ℹ tests');
      if (sample.id === 'multi-file') expect(result.exitCode).toBe(0);
      else {
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toContain('AssertionError: Expected values to be strictly equal');
      }
    }
    const workspace = new MemoryWorkspace({ files: sampleProjects[0].files });
    await workspace.writeFile(
      'src/slugify.js',
      'export function slugify(title) {\n  return ' +
        "title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, " +
        "'');\n}\n",
    );
    const fixed = await workspace.exec('node --test');
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stdout).toContain('ℹ pass 3\nℹ fail 0');
  });

  it('W2 node:assert covers deep equality, throws and rejects; async tests and timers work', async () => {
    const workspace = new MemoryWorkspace({
      files: {
        'test/more.test.js': [
          "import { test, describe, beforeEach } from 'node:test';",
          "import assert from 'node:assert';",
          'let count = 0;',
          'beforeEach(() => count++);',
          "describe('group', () => {",
          "  test('deep', () => assert.deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }));",
          "  test('throws', () => assert.throws(() => { throw new RangeError('bad range'); }, /bad range/));",
          '});',
          "test('async with a timer', async () => { await new Promise((resolve) " +
            '=> setTimeout(resolve, 5000)); assert.equal(count, 3); });',
          "test('rejects', () => assert.rejects(Promise.reject(new Error('no')), { message: 'no' }));",
          "test('fails', () => assert.deepEqual([1, 2], [1, 3]));",
        ].join('\n'),
      },
    });
    const result = await workspace.exec('node --test');
    expect(result.stdout).toContain('✔ group > deep');
    expect(result.stdout).toContain('✔ async with a timer');
    expect(result.stdout).toContain('✖ fails');
    expect(result.stdout).toContain('ℹ pass 4\nℹ fail 1');
    expect(result.exitCode).toBe(1);
    expect(result.durationMs).toBeLessThan(4000); // timers run on a virtual clock
  });

  it('W2 a runaway script is stopped at its deadline; missing modules and packages get clear errors', async () => {
    const workspace = new MemoryWorkspace();
    const loop = await workspace.exec(`node -e 'while (true) {}'`, { timeoutMs: 1000 });
    expect(loop.exitCode).toBe(124);
    expect(loop.timedOut).toBe(true);
    expect((await workspace.exec(`node -e 'import cp from "node:child_process"'`)).stderr).toContain(
      'node:child_process is not available in the offline shell',
    );
    expect((await workspace.exec(`node -e 'require("child_process")'`)).stderr).toContain(
      'node:child_process is not available in the offline shell',
    );
    expect((await workspace.exec(`node -e 'import _ from "lodash"'`)).stderr).toContain('cannot install npm packages');
    expect((await workspace.exec('node nope.js')).stderr).toContain("cannot find module 'nope.js'");
    expect((await workspace.exec('npm install lodash')).stderr).toContain('cannot install packages');
  });

  it('W2 CommonJS runs as in Node: require of files, JSON and built-ins, module.exports, __dirname, and import of a CommonJS file', async () => {
    const workspace = new MemoryWorkspace({
      files: {
        'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'node --test' } }),
        'src/price.js':
          "const { rate } = require('./rates.json');\nfunction withTax(amount) { " +
          'return Math.round(amount * (1 + rate)); }\nmodule.exports = { ' +
          'withTax, where: __dirname };\n',
        'src/rates.json': '{"rate": 0.2}',
        'src/cycle-a.js': "exports.a = 1;\nconst b = require('./cycle-b');\nexports.sum = exports.a + b.b;\n",
        'src/cycle-b.js': "const a = require('./cycle-a');\nexports.b = 2;\nexports.sawA = a.a;\n",
        'test/price.test.js':
          "const test = require('node:test');\nconst assert = " +
          "require('node:assert');\nconst { withTax } = " +
          "require('../src/price');\ntest('adds tax', () => { " +
          'assert.strictEqual(withTax(100), 120); });\ntest.describe === ' +
          "undefined || test.describe('group', () => test.it('deep', () => " +
          'assert.deepStrictEqual({ a: [1] }, { a: [1] })));\n',
        'esm.mjs':
          "import price, { withTax } from './src/price.js';\nimport words from " +
          "'./src/words.js';\nconsole.log(withTax(10), price.where, " +
          'words.class);\n',
        'src/words.js': "exports.class = 'c';\nexports.new = 'n';\n",
      },
    });
    const tests = await workspace.exec('npm test');
    expect(tests.exitCode, tests.stdout + tests.stderr).toBe(0);
    expect(tests.stdout).toContain('ℹ pass 2');
    expect(
      (
        await workspace.exec(
          `node -e "const c = require('./src/cycle-a'); console.log(c.sum, require('./src/cycle-b').sawA)"`,
        )
      ).stdout,
    ).toBe('3 1\n');
    expect((await workspace.exec('node esm.mjs')).stdout).toBe('12 /workspace/src c\n');
    expect((await workspace.exec(`node -p "require('./src/price').withTax(50)"`)).stdout).toBe('60\n');
    // Node 20.19+ loads an ES module with require() (the fidelity suite compares the details).
    const esmFromRequire = await workspace.exec(`node -e "require('./esm.mjs')"`);
    expect(esmFromRequire.exitCode, esmFromRequire.stderr).toBe(0);
    expect(esmFromRequire.stdout).toBe('12 /workspace/src c\n');
  });

  it('W2 top-level await runs, in a module file and in node -e (detected as Node does)', async () => {
    const workspace = new MemoryWorkspace({
      files: { 'wait.mjs': 'const x = await Promise.resolve(5);\nconsole.log(x);\n' },
    });
    const file = await workspace.exec('node wait.mjs');
    expect(file.stdout, file.stderr).toBe('5\n');
    expect(
      (
        await workspace.exec(
          `node -e "const y = await new Promise((done) => setTimeout(() => done(6), 10)); console.log(y)"`,
        )
      ).stdout,
    ).toBe('6\n');
  });

  it('W2 W3 fs reads and writes the workspace (writes land after the program ends); path, os, events and util work; nothing is written outside', async () => {
    const workspace = new MemoryWorkspace({ files: { 'notes/a.txt': 'alpha\n', 'data.json': '{"n": 2}' } });
    const script = [
      "const fs = require('fs'); const path = require('path');",
      "const n = JSON.parse(fs.readFileSync(path.join(__dirname, 'data.json'), 'utf8')).n;",
      "fs.mkdirSync('out', { recursive: true });",
      "fs.writeFileSync('out/result.txt', String(n * 21));",
      "fs.appendFileSync('out/result.txt', '!');",
      "console.log(fs.readFileSync('out/result.txt', 'utf8'), " +
        "fs.readdirSync('.').join(','), fs.existsSync('notes'), " +
        "fs.statSync('notes').isDirectory());",
      "fs.unlinkSync('notes/a.txt');",
      "try { fs.readFileSync('missing.txt') } catch (e) { console.log(e.code) }",
    ].join('\n');
    await workspace.writeFile('script.js', script);
    const run = await workspace.exec('node script.js');
    expect(run.stdout, run.stderr).toBe('42! data.json,notes,out,script.js true true\nENOENT\n');
    expect(await workspace.readFile('out/result.txt')).toBe('42!');
    expect(await workspace.stat('notes/a.txt')).toBeFalsy();
    const esm = await workspace.exec(
      `node -e "import { readFile } from 'node:fs/promises'; import { ` +
        `EventEmitter } from 'node:events'; import util from 'node:util'; ` +
        `import os from 'node:os'; const e = new EventEmitter(); e.once('x', ` +
        `(v) => console.log(util.format('%s=%d', 'x', v), os.EOL === '\\n')); ` +
        `e.emit('x', Number(await readFile('out/result.txt', 'utf8').then((t) ` +
        `=> t.length)));"`,
    );
    expect(esm.stdout, esm.stderr).toBe('x=3 true\n');
    const outside = await workspace.exec(`node -e "require('fs').writeFileSync('/tmp/escape.txt', 'x')"`);
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain('EACCES');
    expect((await workspace.exec('ls /tmp')).stdout).not.toContain('escape.txt');
    const dotdot = await workspace.exec(`node -e "require('fs').writeFileSync('../../etc/evil', 'x')"`);
    expect(dotdot.stderr).toContain('EACCES');
    // A write that cannot land (a file where a folder should be) is said, and the rest still lands.
    const blocked = await workspace.exec(
      `node -e "const fs = require('fs'); ` +
        `fs.writeFileSync('data.json/inner.txt', 'x'); ` +
        `fs.writeFileSync('ok.txt', 'fine')"`,
    );
    expect(blocked.exitCode).toBe(1);
    expect(blocked.stderr).toContain('could not write /workspace/data.json/inner.txt');
    expect(await workspace.readFile('ok.txt')).toBe('fine');
    // Bounded: a loop that writes without end gets ENOSPC instead of filling the host's memory.
    const flood = await workspace.exec(
      `node -e "const fs = require('fs'); const chunk = 'x'.repeat(1024 * ` +
        `1024); try { for (let i = 0; i < 1000; i++) ` +
        `fs.writeFileSync('flood.txt', chunk, { flag: 'a' }); } catch (e) { ` +
        `console.log(e.code); }"`,
    );
    expect(flood.stdout, flood.stderr).toBe('ENOSPC\n');
    // …while a long log written line by line is not mistaken for one.
    const log = await workspace.exec(
      `node -e "const fs = require('fs'); for (let i = 0; i < 5000; i++) ` +
        `fs.appendFileSync('log.txt', 'line ' + i + ' ' + 'y'.repeat(200) + ` +
        `'\\n'); console.log(fs.readFileSync('log.txt', ` +
        `'utf8').split('\\n').length)"`,
    );
    expect(log.stdout, log.stderr).toBe('5001\n');
  });

  it('W2 T3 long file names are refused and counted; a print loop keeps its head and tail, not gigabytes', async () => {
    const workspace = new MemoryWorkspace({ files: {} });
    // 20 MB names used to be held whole (100 of them took 4.3 GB): now over 4,096 characters is refused
    // (8 MB here: a few copies of the name must fit under the node's 64 MB memory cap).
    const names = await workspace.exec(
      `node -e "const fs = require('node:fs'); const long = 'n'.repeat(8 * 1024 * 1024);\n` +
        `for (const call of [() => fs.writeFileSync(long, ''), () => fs.mkdirSync(long)])\n` +
        `  try { call(); console.log('done') } catch (e) { console.log(e.code) }"`,
      { timeoutMs: 15_000 },
    );
    expect(names.stdout.trim().split('\n')).toEqual(['ENAMETOOLONG', 'ENAMETOOLONG']);
    expect((await workspace.readdir('.')).length).toBe(0);
    // Printing until the deadline: the host keeps about a megabyte, with the end intact.
    const flood = await workspace.exec(
      `node -e "const line = 'x'.repeat(1000); const end = Date.now() + 1500; let n = 0;\n` +
        `while (Date.now() < end) { console.log(line); n++ } console.log('LAST', n > 1000)"`,
      { timeoutMs: 15_000 },
    );
    expect(flood.exitCode).toBe(0);
    expect(flood.stdout.length).toBeLessThan(1_100_000);
    expect(flood.stdout).toMatch(/characters of output dropped here/);
    expect(flood.stdout.trim().endsWith('LAST true')).toBe(true);
  });

  it('L3 an agent on the offline shell can use the tests as its done-check', async () => {
    const h = harness(
      [
        final('done, I think'),
        {
          text:
            `<tool name="write_file" path="src/slugify.js"><content>export ` +
            `function slugify(title) {\n  return ` +
            `title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ` +
            `'');\n}\n</content></tool>`,
        },
        final('fixed'),
      ],
      { files: sampleProjects[0].files, settings: { verifyCommand: 'npm test' } },
    );
    const result = await h.agent.run(sampleProjects[0].task);
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: 'fixed',
      flags: [{ kind: 'after-send-back', rules: ['done-check'], times: 1 }],
    });
    const notice = h.of('notice').find((event) => event.reason === 'done-check')?.text;
    expect(notice).toContain('✖ drops punctuation');
    // As Node's report does: where the failing test is, so the model has a file to open.
    expect(notice).toMatch(/✖ failing tests:\n\ntest at test\/slugify\.test\.js:\d+:\d+\n✖ drops punctuation/);
    expect(toolResults(h)[0]).toContain('wrote src/slugify.js');
  });
});

describe('W2 an uncaught error, reported as Node reports it', () => {
  const run = async (files: Record<string, string>, command = 'node src/main.js') =>
    (await new MemoryWorkspace({ files }).exec(command)).stderr;

  it('W2 a missing export that no import names keeps the module, and a re-export is found as an import', async () => {
    const reexport = await run({
      'package.json': '{ "type": "module" }',
      'src/main.js': "import { a } from './index.js';\nconsole.log(a);\n",
      'src/index.js': "export const a = 1;\nexport { b } from './lib.js';\n",
      'src/lib.js': 'export const c = 2;\n',
    });
    expect(reexport).toContain("file:///workspace/src/index.js:2\nexport { b } from './lib.js';\n         ^\n");
    expect(reexport).toContain("SyntaxError: The requested module './lib.js' does not provide an export named 'b'");
    // A name the import statements do not show (a line the scan cannot read): no place, the module's path.
    const unnamed = await run({
      'package.json': '{ "type": "module" }',
      'src/main.js': "import {\n  // a comment with a } in it\n  b } from './lib.js';\nconsole.log(b);\n",
      'src/lib.js': 'export const c = 2;\n',
    });
    expect(unnamed).toMatch(/^SyntaxError: The requested module '(\.\/lib\.js|\/workspace\/src\/lib\.js)'/m);
  });

  it('W2 node -e names no file, an unknown message passes through, and no shim frame is shown', async () => {
    const inline = await run({}, `node -e "const o = {}; o.go();"`);
    expect(inline).toMatch(
      /^\[eval\]:1\nconst o = \{\}; o\.go\(\);\n {15,18}\^\n\nTypeError: o\.go is not a function\n {4}at .*\[eval\]:1:1[6-9]\)/,
    );
    const custom = await run({ 'src/main.js': "throw new RangeError('my own words');\n" });
    expect(custom).toContain('RangeError: my own words\n');
    expect(custom).not.toMatch(/<commonjs>|<input>|\(native\)|CommonJS\)/);
    // A minified line is cut, not copied whole into the report (nor its caret drawn a megabyte long).
    const early = await run({ 'src/main.js': `${'let a = 1;'.repeat(50_000)}\n` });
    expect(early.length).toBeLessThan(1500);
    expect(early).toMatch(/^\/workspace\/src\/main\.js:1\n(let a = 1;){100}…\n +\^\n\nSyntaxError: Identifier 'a' /);
    const late = await run({ 'src/main.js': `${'a = 1;'.repeat(50_000)}let b = 2 3;\n` });
    expect(late.length).toBeLessThan(1500);
    expect(late).toMatch(/^\/workspace\/src\/main\.js:1\n(a = 1;){166}a = …\n\nSyntaxError: Unexpected number\n$/);
  });

  it('W2 a runaway recursion is a RangeError the program may catch; one past the engine keeps what was printed', async () => {
    const caught = await new MemoryWorkspace({
      files: {
        'a.js': "function f() { f(); }\ntry { f(); } catch (e) { console.log('caught'); }\nconsole.log('on');\n",
      },
    }).exec('node a.js');
    // The engine's teardown aborted after a stack overflow (quickjs-emscripten #60): this output was lost.
    expect(caught).toMatchObject({ exitCode: 0, stdout: 'caught\non\n' });
    // A deep JSON.stringify runs out of the host's own stack inside the engine.
    const workspace = new MemoryWorkspace({
      files: {
        'b.js':
          "console.log('before');\nlet o = {};\nfor (let i = 0; i < 100000; i++) o = { o };\nJSON.stringify(o);\n",
      },
    });
    expect(await workspace.exec('node b.js')).toMatchObject({
      exitCode: 1,
      stdout: 'before\n',
      stderr: expect.stringContaining('RangeError: Maximum call stack size exceeded'),
    });
    expect(await workspace.exec('node -e "console.log(6 * 7)"')).toMatchObject({ exitCode: 0, stdout: '42\n' });
  });

  it('W2 a CommonJS module required by another is named in its own frames, lines counted from its own top', async () => {
    const stderr = await run({
      'src/main.js': "const { go } = require('./lib.js');\ngo();\n",
      'src/lib.js': 'exports.go = function go() {\n  null.x;\n};\n',
    });
    expect(stderr).toMatch(/^\/workspace\/src\/lib\.js:2\n {2}null\.x;\n/);
    expect(stderr).toContain("TypeError: Cannot read properties of null (reading 'x')");
    expect(stderr).toMatch(/at go \(\/workspace\/src\/lib\.js:2:\d+\)\n.*\/workspace\/src\/main\.js:2:/s);
  });
});

describe('W2 the failing-tests report', () => {
  it('W2 takes what the guest left bounded: malformed entries skipped, 20 shown, long text cut', () => {
    const one = (index: number) => ({
      name: `t${index}`,
      ms: 1,
      message: 'x'.repeat(5000),
      where: { file: '/workspace/test/a.test.js', line: 3, column: 5 },
    });
    const report = failingTestsReport(
      [null, 7, { name: 1 }, ...Array.from({ length: 25 }, (_, index) => one(index))],
      '/workspace',
      () => 'x\ny\n    test(1)',
    );
    expect(report.match(/^✖ t\d+/gm)).toHaveLength(20);
    expect(report).toContain('… and 5 more failing tests');
    expect(report).toContain('test at test/a.test.js:3:5\n');
    expect(report.length).toBeLessThan(25_000);
    expect(failingTestsReport([{ name: 'a', ms: 0, message: 'm', where: { file: 5 } }], '/w')).toBe(
      '\n✖ failing tests:\n\n✖ a (0ms)\n  m\n',
    );
    expect(failingTestsReport([], '/w')).toBe('');
    // The guest keeps 100 failures; the count of those left out comes from the run's total.
    expect(
      failingTestsReport(
        Array.from({ length: 100 }, (_, index) => one(index)),
        '/w',
        undefined,
        500,
      ),
    ).toContain('… and 480 more failing tests');
  });
});

describe('W2 the offline node holds its memory cap', () => {
  const settle = async () => {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().rss;
  };

  for (const [what, program] of [
    ['strings', "let a=[];try{for(;;)a.push('x'.repeat(1e6))}catch(e){};console.log(a.length)"],
    ['typed arrays', 'let a=[];try{for(;;)a.push(new Uint8Array(1e6))}catch(e){};console.log(a.length)'],
    ['array fills', 'let a=[];try{for(;;)a.push(new Array(1e5).fill(7))}catch(e){};console.log(a.length)'],
  ] as const)
    it(`W2 a program allocating ${what} without end stops at the cap, says so, and the host gets the memory back`, async () => {
      expect((globalThis as { gc?: unknown }).gc, 'vitest runs with --expose-gc').toBeTypeOf('function');
      const workspace = new MemoryWorkspace({ files: {} });
      await workspace.exec('node -e "1"');
      const before = await settle();
      let peak = 0;
      const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - before)), 10);
      const started = Date.now();
      const result = await workspace.exec(`node -e "${program}"`, { timeoutMs: 60_000 });
      clearInterval(watch);
      expect(Date.now() - started).toBeLessThan(30_000);
      // 64 MB for the program and 32 MB for the engine: 2,141 strings (2.1 GB) got through before.
      expect(Number(result.stdout.trim())).toBeLessThan(200);
      expect(result.stderr).toContain("the program reached the offline node's memory cap (64 MB)");
      expect(peak / 1024 / 1024).toBeLessThan(250);
      expect((await settle()) - before).toBeLessThan(64 * 1024 * 1024);
      // The next program runs as usual.
      expect((await workspace.exec('node -e "console.log(6 * 7)"')).stdout).toBe('42\n');
    });
});
