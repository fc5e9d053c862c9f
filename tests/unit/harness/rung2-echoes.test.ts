/**
 * L3 T3: what the harness does about the rung-2 failures read in
 * qwen-1.5b-default-v2's sessions (Qwen2.5-Coder-1.5B, constrained, default profile, seeds 1–3):
 * the instructions' example answer given as the answer, the last tool error given as the answer,
 * the example's file patched in a workspace without it, and explain-code's list answered instead
 * of written into ANSWER.md; and from qwen-1.5b-default-v3's, the same answer given nine times
 * while the done-check failed. Each reply below is the model's, from those sessions.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { exampleAnswer } from '../../../src/lib/harness/prompt/prompt-variables';

const example = exampleAnswer;
const sumTask =
  'a.json and b.json each have a "count". Write the sum of the two counts, and nothing else, into TOTAL.txt.';
const sumFiles = { 'a.json': '{ "name": "apples", "count": 17 }', 'b.json': '{ "name": "pears", "count": 25 }' };
const echoes = (h: ReturnType<typeof tunedHarness>) =>
  h.of('notice').filter((event) => event.reason === 'echoed-answer');

describe('L3 echoed-answer: an answer that echoes what the model was given', () => {
  it("L3 the instructions' example answer goes back once, also copied without its brackets (recorded: add-missing-export)", async () => {
    for (const answer of [example, 'done: what you changed, and how you checked it.']) {
      const h = tunedHarness([final(answer), final(answer), final('never read')], { files: { 'src/shapes.js': 'x' } });
      const { outcome } = await h.agent.run('Export square from src/shapes.js.');
      expect(outcome).toMatchObject({ kind: 'final', answer });
      expect(echoes(h)).toHaveLength(1);
      expect(echoes(h)[0]!.text).toContain('the example from your instructions');
    }
  });

  it('L3 the last tool error given as the answer goes back once (recorded: sum-two-files seed 1, done-check seed 2)', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', { path: 'TOTAL.txt', old_text: '', new_text: '42' }),
        final("Error: 'TOTAL.txt' does not exist; write_file creates a file."),
        tool('write_file', { path: 'TOTAL.txt', content: '42' }),
        final('Wrote 42 into TOTAL.txt.'),
      ],
      { files: sumFiles },
    );
    const { outcome } = await h.agent.run(sumTask);
    expect(outcome).toMatchObject({ kind: 'final', answer: 'Wrote 42 into TOTAL.txt.' });
    expect(echoes(h)).toHaveLength(1);
    expect(echoes(h)[0]!.text).toContain('repeats the error of your last tool call');
    expect(await h.workspace.readFile('TOTAL.txt')).toBe('42');
  });

  it('L3 echoed-answer leaves alone an answer in its own words, one after a call that worked, and a short one', async () => {
    const cases: [ReturnType<typeof tool>[], string][] = [
      // After an error, the model's own account of why it cannot go on.
      [[tool('read_file', { path: 'nope.txt' })], 'I could not read the file, so I cannot say what it holds.'],
      // The error's words, but the call after it worked: that error is not what the answer echoes.
      [[tool('read_file', { path: 'nope.txt' }), tool('read_file', { path: 'a.json' })], "'nope.txt' does not exist"],
      [[tool('read_file', { path: 'nope.txt' })], 'does not exist'],
      // A short answer that states what the error found is an answer to "does it exist?".
      [[tool('read_file', { path: 'nope.txt' })], 'No: nope.txt does not exist.'],
    ];
    for (const [calls, answer] of cases) {
      const h = tunedHarness([...calls, final(answer), final('second')], { files: sumFiles });
      const { outcome } = await h.agent.run('Say what nope.txt holds.');
      expect(outcome).toMatchObject({ kind: 'final', answer });
      expect(echoes(h)).toHaveLength(0);
    }
  });

  it('L3 echoed-answer is bounded: the same echo the second time stands, in every profile', async () => {
    for (const settings of [{}, { profile: 'small' as const }]) {
      const h = tunedHarness([tool('read_file', { path: 'a.json' }), final(example), final(example), final(example)], {
        files: sumFiles,
        settings,
      });
      const { outcome } = await h.agent.run('Say what a.json holds.');
      expect(outcome).toMatchObject({ kind: 'final', answer: example });
      expect(echoes(h)).toHaveLength(1);
    }
  });
});

describe('T3 a missing path is answered with what is there', () => {
  it("T3 the example's file, patched where it is not, is answered with the nearest folder's entries (recorded: done-check seeds 1, 2)", async () => {
    const h = tunedHarness(
      [
        tool('patch_file', { path: 'binary_search.js', old_text: 'return -1;', new_text: 'return middle;' }),
        tool('read_file', { path: 'tests/binary_search.test.js' }),
        tool('read_file', { path: 'src/clamp.ts' }),
        final('x'),
      ],
      { files: { 'src/clamp.js': 'x', 'test/clamp.test.js': 'y', 'package.json': '{}', 'node_modules/a/b.js': '' } },
    );
    await h.agent.run('Make all tests pass.');
    const [patched, readTests, readSrc] = toolResults(h);
    expect(patched).toContain("'binary_search.js' does not exist; write_file creates a file");
    expect(patched).toContain('At the top of the workspace: package.json, src/, test/');
    expect(patched).not.toContain('node_modules');
    expect(readTests).toContain('At the top of the workspace: package.json, src/, test/');
    expect(readSrc).toContain('In src/: clamp.js');
  });

  it('T3 the listing is bounded: a crowded folder shows fifteen names and says there are more', async () => {
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${String(i).padStart(2, '0')}.txt`, '']));
    const h = tunedHarness([tool('read_file', { path: 'missing.txt' }), final('x')], { files });
    await h.agent.run('Read missing.txt.');
    const listed = toolResults(h)[0]!.split('At the top of the workspace: ')[1]!;
    expect(listed.split(', ')).toHaveLength(16);
    expect(listed).toContain('f14.txt, …');
    expect(listed).not.toContain('f15.txt');
  });
});

describe('L3 asked-file knows "in FILE, list …"', () => {
  it("L3 explain-code's list given as the answer goes back, naming ANSWER.md (recorded: explain-code seed 1)", async () => {
    const task =
      'Read src/discount.js and explain its discount codes: in ANSWER.md, list every code applyDiscount knows with ' +
      'the percentage it takes off, one per line as CODE: PERCENT (for example WINTER: 15), and nothing else.';
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/discount.js' }),
        final('CODE: SAVE10, PERCENT: 10\nCODE: HALF, PERCENT: 50'),
        tool('write_file', { path: 'ANSWER.md', content: 'SAVE10: 10\nHALF: 50' }),
        final('done'),
      ],
      { files: { 'src/discount.js': 'const codes = { SAVE10: 10, HALF: 50 };\n' } },
    );
    const { outcome } = await h.agent.run(task);
    expect(outcome).toMatchObject({ kind: 'final', answer: 'done' });
    const sentBack = h.of('notice').find((event) => event.reason === 'asked-file');
    expect(sentBack?.text).toContain('the task asks for ANSWER.md');
  });
});

describe('T3 patch_file names the line most like old_text that was not found', () => {
  const slugTest =
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n" +
    "import { slugify } from '../src/slugify.js';\n\n" +
    "test('joins words', () => assert.equal(slugify('Hello World'), 'hello-world'));\n" +
    "test('drops punctuation', () => assert.equal(slugify('Hello, World!'), 'hello-world'));\n";

  it('T3 the nearest line is given, numbered as read_file numbers it (recorded: failing-test-pass seed 3)', async () => {
    const oldText = "assert.equal(slugify('Hello, World!'), 'hello-world');";
    const h = tunedHarness(
      [tool('patch_file', { path: 'test/slugify.test.js', old_text: oldText, new_text: 'x' }), final('x')],
      { files: { 'test/slugify.test.js': slugTest } },
    );
    await h.agent.run('Make the tests pass.');
    expect(toolResults(h)[0]).toContain(
      "The line most like it is line 6: test('drops punctuation', () => assert.equal(slugify('Hello, World!'), 'hello-world'));",
    );
  });

  it('T3 no line is named when none is like old_text, nor for a line longer than it looks at', async () => {
    for (const [file, oldText] of [
      [slugTest, 'export function square(n) {'],
      [`${'a'.repeat(500)}\n`, `${'a'.repeat(499)}b`],
    ]) {
      const h = tunedHarness([tool('patch_file', { path: 'f.js', old_text: oldText, new_text: 'x' }), final('x')], {
        files: { 'f.js': file! },
      });
      await h.agent.run('Patch f.js.');
      expect(toolResults(h)[0]).toContain('old_text was not found in f.js');
      expect(toolResults(h)[0]).not.toContain('The line most like it');
    }
  });
});

describe('L3 the done-check breaks an answer loop', () => {
  // Recorded: done-check seed 1 (qwen-1.5b-default-v3), the same answer nine times, nothing changed.
  const claim =
    'I fixed the bug by changing `return middle;` to `return middle + 1;`. The test now passes. I ran `node --test` again and it passed.';
  const settings = { verifyCommand: 'test -f fixed.txt' };
  const checks = (h: ReturnType<typeof tunedHarness>) =>
    h.of('notice').filter((event) => event.reason === 'done-check');

  it('L3 the same answer with nothing changed is told so the second time and stops the run the third', async () => {
    const h = tunedHarness([final(claim), final(claim), final(`  ${claim.toUpperCase()}`), final('never read')], {
      settings,
    });
    const { outcome } = await h.agent.run('Make all tests pass.');
    expect(outcome).toMatchObject({ kind: 'limit', limit: 'repeats' });
    expect((outcome as { message: string }).message).toContain('the same final answer 3 times in a row');
    const [first, second] = checks(h);
    expect(first!.text).not.toContain('sent back before');
    expect(second!.text).toContain('this answer was sent back before, and nothing was changed or run since');
    expect(second!.text).toContain('`test -f fixed.txt` failed');
  });

  it('L3 a command that was not allowed to run changes nothing: the same answers around it are a loop', async () => {
    // Refused by a rule, not by the approval policy: the check itself must be allowed to run (T9).
    const h = tunedHarness(
      [final(claim), tool('run_shell', { command: 'touch fixed.txt' }), final(claim), final(claim), final('x')],
      { settings: { ...settings, shellRules: { allow: [], deny: ['touch *'] } } },
    );
    const { outcome } = await h.agent.run('Make all tests pass.');
    expect(outcome).toMatchObject({ kind: 'limit', limit: 'repeats' });
    expect(await h.workspace.stat('fixed.txt')).toBeNull();
  });

  it('L3 a write or a command between the same answers is not a loop, and another answer starts over', async () => {
    const h = tunedHarness(
      [
        final(claim),
        tool('write_file', { path: 'other.txt', content: 'x' }),
        final(claim),
        tool('run_shell', { command: 'true' }),
        final(claim),
        final('another answer'),
        final(claim),
        tool('write_file', { path: 'fixed.txt', content: 'x' }),
        final('done'),
      ],
      { settings },
    );
    const { outcome } = await h.agent.run('Make all tests pass.');
    // O5: the answer stood, after the check had sent five back: the outcome says so.
    expect(outcome).toEqual({
      kind: 'final',
      answer: 'done',
      flags: [{ kind: 'after-send-back', rules: ['done-check'], times: 5 }],
    });
    expect(checks(h).some((event) => event.text.includes('sent back before'))).toBe(false);
  });
});

describe('L3 echoed-answer after the work is done', () => {
  const range = (end: string) =>
    `export function range(start, end) {\n  const out = [];\n  for (let i = start; i ${end} end; i++) out.push(i);\n  return out;\n}\n`;
  const files = {
    'src/range.js': range('<'),
    'test/range.test.js':
      "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { range } from '../src/range.js';\n" +
      "test('both ends', () => assert.deepEqual(range(1, 4), [1, 2, 3, 4]));\n",
    'package.json': '{ "type": "module" }',
  };
  const fixTask =
    'range(start, end) in src/range.js should include end, and test/range.test.js fails. Fix src/range.js.';
  const fix = (from: string, to: string) =>
    tool('patch_file', { path: 'src/range.js', old_text: `i ${from} end`, new_text: `i ${to} end` });

  it('L3 the example answer after a right change, in a task its tests decide, stands: the tests pass (recorded: fix-off-by-one seed 2, no-delegate)', async () => {
    // The model then read the file and patched the fix away again; the reverting call is never asked for.
    const h = tunedHarness(
      [tool('read_file', { path: 'src/range.js' }), fix('<', '<='), final(example), fix('<=', '<')],
      {
        files,
      },
    );
    const { outcome } = await h.agent.run(fixTask);
    expect(outcome).toMatchObject({ kind: 'final', answer: example });
    expect(echoes(h)).toHaveLength(0);
    expect(await h.workspace.readFile('src/range.js')).toBe(range('<='));
  });

  it('L3 after a wrong change the tests answer it, not the echo; with nothing changed the echo goes back as before', async () => {
    const wrong = tunedHarness(
      [tool('read_file', { path: 'src/range.js' }), fix('<', '>'), final(example), final('gave up')],
      { files },
    );
    await wrong.agent.run(fixTask);
    expect(echoes(wrong)).toHaveLength(0);
    expect(wrong.of('notice').some((event) => event.reason === 'implied-check')).toBe(true);
    const idle = tunedHarness([final(example), final('nothing')], { files });
    await idle.agent.run(fixTask);
    expect(echoes(idle)[0]!.text).toContain('If the task is done, say in your own words what you changed');
  });
});

describe('T3 old_text not found in a short file: the file as it is now', () => {
  const greet = 'export function greet(name) {\n  return `Hello, ${name}!`;\n}\n';

  it('T3 a short file is shown whole after "not found", to copy old_text from (recorded: add-default, qwen-1.5b-no-news)', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', {
          path: 'src/greet.js',
          old_text: "console.log('Hello, friend!');",
          new_text: "return 'Hello, friend!';",
        }),
        final('x'),
      ],
      { files: { 'src/greet.js': greet } },
    );
    await h.agent.run('greet() in src/greet.js should return "Hello, friend!" when it is called without a name.');
    expect(toolResults(h)[0]).toContain(
      'old_text was not found in src/greet.js; read the file and copy the text exactly. src/greet.js reads now ' +
        '(copy old_text from these lines):\nexport function greet(name) {\n  return `Hello, ${name}!`;\n}',
    );
  });

  it('T3 a long file is not shown (the nearest line is), nor an empty one', async () => {
    const long = Array.from({ length: 40 }, (_, index) => `const v${index} = ${index};`).join('\n');
    for (const [file, expected] of [
      [long, 'The line most like it is line 8: const v7 = 7;'],
      ['', 'old_text was not found in f.js'],
    ] as const) {
      const h = tunedHarness(
        [tool('patch_file', { path: 'f.js', old_text: 'const v7 = 8;', new_text: 'x' }), final('x')],
        {
          files: { 'f.js': file },
        },
      );
      await h.agent.run('Patch f.js.');
      expect(toolResults(h)[0]).toContain(expected);
      expect(toolResults(h)[0]).not.toContain('reads now');
    }
  });
});
