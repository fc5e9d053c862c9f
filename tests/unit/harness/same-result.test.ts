/**
 * T1 O4: what a write-and-run cycle is told. Recorded on Qwen2.5-Coder-1.5B in the
 * rung-2 sweep (done-check, add-missing-export): the same file written and the same failing test
 * run in turns to the step limit, each write read as "wrote …".
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool } from '../helpers';
import { finishNudge } from '../../../src/lib/harness/small-model/small-profile';

const clamp = 'export const clamp = (v, lo, hi) => Math.max(lo, Math.min(v, hi));\n';
const files = {
  'package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n',
  'src/clamp.js': 'export const clamp = (v, lo, hi) => Math.max(lo, v);\n',
  'test/clamp.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n" +
    "import { clamp } from '../src/clamp.js';\ntest('high', () => assert.equal(clamp(9, 1, 5), 5));\n",
};
const results = (h: ReturnType<typeof harness>) =>
  h.agent.session.history.filter((item) => item.kind === 'tool').map((item) => item.content);

describe('T1 O4 a write-and-run cycle', () => {
  it('T1 a write of exactly what the file holds says nothing changed, and is not followed by "give the final answer"', async () => {
    const h = harness(
      [
        tool('read_file', { path: 'src/clamp.js' }),
        tool('write_file', { path: 'src/clamp.js', content: files['src/clamp.js'] }),
        final('done'),
      ],
      { files, settings: { profile: 'small' } },
    );
    await h.agent.run('Make the tests pass.');
    const written = results(h)[1];
    expect(written).toBe('src/clamp.js already had exactly this content: nothing changed');
    expect(written).not.toContain(finishNudge);
    // A new empty file is a change, not "already had".
    const fresh = harness([tool('write_file', { path: 'empty.txt', content: '' }), final('ok')]);
    await fresh.agent.run('make an empty file');
    expect(results(fresh)[0]).toBe('wrote empty.txt (0 chars, 0 lines)');
  });

  it('O4 a command that gives again exactly what it gave says so, with the step; a new result says nothing', async () => {
    const broken = 'export const clamp = (v) => v;\n';
    const h = harness(
      [
        tool('read_file', { path: 'src/clamp.js' }),
        tool('write_file', { path: 'src/clamp.js', content: broken }),
        tool('run_shell', { command: 'npm test' }),
        tool('write_file', { path: 'src/clamp.js', content: broken }),
        tool('run_shell', { command: 'npm test' }),
        tool('write_file', { path: 'src/clamp.js', content: clamp }),
        tool('run_shell', { command: 'npm test' }),
        final('fixed'),
      ],
      { files, settings: { profile: 'small' } },
    );
    // The tests passing after the change ends the run (tests-pass-stop), before the model's answer.
    expect((await h.agent.run('Make the tests pass.')).outcome).toMatchObject({
      kind: 'final',
      answer: expect.stringContaining("The project's tests pass"),
    });
    const [, , first, , second, , third] = results(h);
    expect(first).not.toContain('This is exactly what');
    expect(second).toContain('This is exactly what `npm test` gave at step 3');
    expect(third).toContain('✔ high');
    expect(third).not.toContain('This is exactly what');
  });

  it('O4 the default profile adds no such line (the profile changes nothing else)', async () => {
    const h = harness(
      [
        tool('run_shell', { command: 'npm test' }),
        tool('list_files'),
        tool('run_shell', { command: 'npm test' }),
        final('x'),
      ],
      { files },
    );
    await h.agent.run('Make the tests pass.');
    expect(results(h)[2]).not.toContain('This is exactly what');
  });

  it('O4 npm test with arguments in a project with no test script is told how its tests run', async () => {
    const h = harness([tool('run_shell', { command: 'npm test -- --verbose' }), final('x')], {
      files: { ...files, 'package.json': '{ "type": "module" }\n' },
      settings: { profile: 'small' },
    });
    await h.agent.run('Make the tests pass.');
    // Told only how they run, the model wrote the command into package.json as a fragment.
    expect(results(h)[0]).toContain(
      "This project's tests run with: node --test 'test/clamp.test.js' — run that command itself; package.json needs no change.",
    );
  });
});
