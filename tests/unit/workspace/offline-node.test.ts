import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { sampleProjects } from '../../../src/lib/workspace/samples/sample-projects';
import { final, harness, toolResults } from '../helpers';

describe('node in the offline shell (QuickJS)', () => {
  it('W2 runs ES modules with relative imports, console and process.exit codes', async () => {
    const workspace = new MemoryWorkspace({ files: { 'src/a.mjs': "import { b } from './lib/b.js';\nconsole.log('b is', b);\nconsole.error('to stderr');\nprocess.exit(b === 42 ? 3 : 0);\n", 'src/lib/b.js': 'export const b = 42;\n', 'data.json': '{"x": 1}' } });
    const result = await workspace.exec('node src/a.mjs');
    expect(result).toMatchObject({ exitCode: 3, stdout: 'b is 42\n', stderr: 'to stderr\n' });
    expect((await workspace.exec(`node -e 'import data from "./data.json"; console.log(data.x + 1)'`)).stdout).toBe('2\n');
  });

  it('W2 node --test runs the sample suites: the failing ones fail with assertion messages, and a fix makes them pass', async () => {
    for (const sample of sampleProjects) {
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
    await workspace.writeFile('src/slugify.js', "export function slugify(title) {\n  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');\n}\n");
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
          "let count = 0;",
          "beforeEach(() => count++);",
          "describe('group', () => {",
          "  test('deep', () => assert.deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }));",
          "  test('throws', () => assert.throws(() => { throw new RangeError('bad range'); }, /bad range/));",
          "});",
          "test('async with a timer', async () => { await new Promise((resolve) => setTimeout(resolve, 5000)); assert.equal(count, 3); });",
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
    expect((await workspace.exec(`node -e 'import fs from "node:fs"'`)).stderr).toContain('node:fs is not available in the offline shell');
    expect((await workspace.exec(`node -e 'import _ from "lodash"'`)).stderr).toContain('cannot install npm packages');
    expect((await workspace.exec('node nope.js')).stderr).toContain("cannot find module 'nope.js'");
    expect((await workspace.exec('npm install lodash')).stderr).toContain('cannot install packages');
  });

  it('L3 an agent on the offline shell can use the tests as its done-check', async () => {
    const h = harness(
      [final('done, I think'), { text: `<tool name="write_file" path="src/slugify.js"><content>export function slugify(title) {\n  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');\n}\n</content></tool>` }, final('fixed')],
      { files: sampleProjects[0].files, settings: { verifyCommand: 'npm test' } },
    );
    const result = await h.agent.run(sampleProjects[0].task);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'fixed' });
    expect(h.of('notice').find((event) => event.reason === 'done-check')?.text).toContain('✖ drops punctuation');
    expect(toolResults(h)[0]).toContain('wrote src/slugify.js');
  });
});
