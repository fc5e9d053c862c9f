/**
 * O4 T1: what the small profile does about the rung-2 failures read in
 * qwen-1.5b-rung2-cycle's sessions (Qwen2.5-Coder-1.5B, constrained): the file the task names
 * never read, read_file's line numbers copied into a file written back, a test file rewritten
 * although the task said to keep it, a "fix" that only dropped the final newline.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, ScriptedApprover, tool, toolResults } from '../helpers';
import { namedFileLimits } from '../../../src/lib/harness/small-model/named-files';
import { isTestPath, saysKeepTests } from '../../../src/lib/harness/guards/keep-tests';

const pager = 'export function pageCount(items, perPage) {\n  return Math.floor(items / perPage);\n}\n';
const pagerTest =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n" +
  "import { pageCount } from '../src/pager.js';\n\ntest('a partial last page counts', () => " +
  'assert.equal(pageCount(21, 10), 3));\n';
const files = {
  'package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n',
  'src/pager.js': pager,
  'test/pager.test.js': pagerTest,
};
const task =
  'pageCount() in src/pager.js drops the last partial page, so a test fails. Fix that one line; do not change the tests.';
const small = { profile: 'small' as const };

describe('O4 the files a task names', () => {
  it('O4 the small profile shows the files the task names after the task, before the first request', async () => {
    const h = tunedHarness([final('x')], { files, settings: small });
    await h.agent.run(task);
    const first = h.model.requests[0]!.messages;
    const shown = first.at(-1)!;
    expect(shown.role).toBe('user');
    expect(shown.content).toContain('The files the task names, as they are now:');
    expect(shown.content).toContain(`# src/pager.js (lines 1-3 of 3)\n${pager.trimEnd()}`);
    expect(h.of('notice').map((event) => event.reason)).toContain('named-files');
    // The next request extends the first: the notice is history, not a one-off edit.
    const h2 = tunedHarness([tool('list_files'), final('x')], { files, settings: small });
    await h2.agent.run(task);
    const [one, two] = h2.model.requests;
    expect(two!.messages.slice(0, one!.messages.length)).toEqual(one!.messages);
    expect(h2.of('prompt.assembled')[1]!.prefixBreak).toBeUndefined();
  });

  it('O4 the default profile, a task naming no file, a missing file and a resumed run show none', async () => {
    const plain = tunedHarness([final('x')], { files });
    await plain.agent.run(task);
    expect(JSON.stringify(plain.model.requests[0]!.messages)).not.toContain('The files the task names');
    const none = tunedHarness([final('x')], { files, settings: small });
    await none.agent.run('Make the tests pass; see ../../etc/passwd and missing.js');
    expect(none.of('notice').map((event) => event.reason)).not.toContain('named-files');
  });

  it('O4 a file named only as an example, in parentheses, is not shown (as asked-file reads the task)', async () => {
    const h = tunedHarness([final('x')], { files: { ...files, 'src/a.js': 'export const a = 1;\n' }, settings: small });
    await h.agent.run('Fix src/pager.js, then write where the bug was as FILE:LINE (e.g. src/a.js:3).');
    const text = h.of('notice').find((event) => event.reason === 'named-files')!.text;
    expect(text).toContain('# src/pager.js');
    expect(text).not.toContain('# src/a.js');
  });

  it('O4 the files shown are bounded: a few files, each cut', async () => {
    const big = 'x'.repeat(namedFileLimits.chars * 3);
    const many = { 'a.js': big, 'b.js': '1', 'c.js': '2', 'd.js': '3' };
    const h = tunedHarness([final('x')], { files: many, settings: small });
    await h.agent.run('Look at a.js, b.js, c.js and d.js.');
    const text = h.of('notice').find((event) => event.reason === 'named-files')!.text;
    expect(text).toContain('[… cut: read_file shows the rest]');
    expect(text).not.toContain('# d.js');
    expect(text.length).toBeLessThan(namedFileLimits.chars * namedFileLimits.files + 500);
  });

  it('O4 a file shown with the task is still refused once by read-first: shown it, the model wrote back only its change', async () => {
    const todo = '# TODO\n- buy milk\n';
    const h = tunedHarness([tool('write_file', { path: 'TODO.md', content: '- call mum\n' }), final('done')], {
      files: { 'TODO.md': todo },
      settings: small,
    });
    await h.agent.run('Add the line "- call mum" at the end of TODO.md.');
    expect(toolResults(h)[0]).toContain('TODO.md already exists and this run has not read it');
    expect(await h.workspace.readFile('TODO.md')).toBe(todo);
  });
});

describe('O4 read-first and the files shown with the task', () => {
  it('O4 a fix made in place at step 1 to a file shown with the task goes through (recorded: fix-off-by-one)', async () => {
    const range =
      'export function range(start, end) {\n  const out = [];\n  for (let i = start; i < end; i++) out.push(i);\n  return out;\n}\n';
    const fixed = range.replace('i < end', 'i < end + 1');
    const h = tunedHarness([tool('write_file', { path: 'src/range.js', content: fixed }), final('fixed')], {
      files: { 'src/range.js': range },
      settings: small,
    });
    await h.agent.run('range(start, end) in src/range.js should include end. Fix src/range.js.');
    expect(toolResults(h)[0]).toContain('wrote src/range.js');
    expect(await h.workspace.readFile('src/range.js')).toBe(fixed);
    // Not shown (the task names another file): refused as unread, as before.
    const unnamed = tunedHarness([tool('write_file', { path: 'src/range.js', content: fixed }), final('x')], {
      files: { 'src/range.js': range },
      settings: small,
    });
    await unnamed.agent.run('Make range() include its end.');
    expect(toolResults(unnamed)[0]).toContain('src/range.js already exists and this run has not read it');
  });
});

describe('O4 plain reads and test files the task keeps', () => {
  it('O4 the small profile reads lines without their numbers; the default profile numbers them', async () => {
    const h = tunedHarness([tool('read_file', { path: 'src/pager.js' }), final('x')], { files, settings: small });
    await h.agent.run('Read the pager.');
    expect(toolResults(h)[0]).toBe(`# src/pager.js (lines 1-3 of 3)\n${pager.trimEnd()}`);
    const d = tunedHarness([tool('read_file', { path: 'src/pager.js' }), final('x')], { files });
    await d.agent.run('Read the pager.');
    expect(toolResults(d)[0]).toContain('1: export function pageCount');
  });

  it('O4 a write to a test file is refused while the task says not to change the tests (recorded: patch-one-line)', async () => {
    // Recorded: Qwen2.5-Coder-1.5B wrote the test back with read_file's numbers in it.
    const recorded = pagerTest.replace('import assert', '2: import assert');
    const h = tunedHarness(
      [
        tool('write_file', { path: 'test/pager.test.js', content: recorded }),
        tool('read_file', { path: 'src/pager.js' }),
        tool('write_file', { path: 'src/pager.js', content: pager.replace('floor', 'ceil') }),
        final('fixed'),
      ],
      { files, settings: small },
    );
    await h.agent.run(task);
    const [refused] = toolResults(h);
    expect(refused).toContain('the task says not to change the tests, so test/pager.test.js was not written');
    expect(await h.workspace.readFile('test/pager.test.js')).toBe(pagerTest);
    expect(await h.workspace.readFile('src/pager.js')).toContain('Math.ceil');
  });

  it('O4 a task that asks for a test may write test files, in either profile', async () => {
    const write = tool('write_file', { path: 'test/sum.test.js', content: '// a test\n' });
    for (const settings of [small, {}]) {
      const asks = tunedHarness([write, final('ok')], { files, settings });
      await asks.agent.run('Write a test for sum() in test/sum.test.js.');
      expect(await asks.workspace.readFile('test/sum.test.js')).toBe('// a test\n');
    }
  });

  it('O4 the default profile keeps the tests too (recorded: add-default seed 1, qwen-1.5b-core-named stopped)', async () => {
    const h = tunedHarness(
      [tool('patch_file', { path: 'test/pager.test.js', old_text: 'pageCount', new_text: 'pageCount' }), final('x')],
      { files },
    );
    await h.agent.run(task);
    expect(toolResults(h)[0]).toContain('the task says not to change the tests, so test/pager.test.js was not written');
  });

  it('O4 what counts as saying "keep the tests", and as a test file', () => {
    expect(saysKeepTests('Make the tests pass without changing them.')).toBe(true);
    expect(saysKeepTests('Fix src/range.js; do not change the test.')).toBe(true);
    expect(saysKeepTests("Don't edit the tests.")).toBe(true);
    expect(saysKeepTests('Do not change src/app.js; make the tests pass.')).toBe(false);
    expect(saysKeepTests('Rename the files without changing them.')).toBe(false);
    expect(saysKeepTests('Write a test that fails, then change the code.')).toBe(false);
    for (const path of ['test/a.js', 'tests/x/y.mjs', 'src/a.test.js', 'b.spec.ts', '__tests__/c.jsx'])
      expect(isTestPath(path)).toBe(true);
    for (const path of ['src/testing.js', 'latest/a.js', 'contest.js', 'src/test-utils.js'])
      expect(isTestPath(path)).toBe(false);
  });
});

describe('T1 a write that changes only trailing whitespace', () => {
  it('T1 a write that only drops the final newline is not written and says so (recorded: patch-one-line)', async () => {
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/pager.js' }),
        tool('write_file', { path: 'src/pager.js', content: pager.trimEnd() }),
        final('fixed'),
      ],
      { files, settings: small },
    );
    await h.agent.run(task);
    expect(toolResults(h)[1]).toBe(
      'src/pager.js already had this content (only the whitespace at its end differed): nothing changed, so it was not written',
    );
    expect(await h.workspace.readFile('src/pager.js')).toBe(pager);
  });
});

describe('L3 O4 finish-on-repeat and the checks', () => {
  const wrong = pager.replace('Math.floor(items / perPage)', 'Math.round(items / perPage)');
  const right = pager.replace('floor', 'ceil');

  it('L3 the same change made again does not end the run while the tests the task implies fail', async () => {
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/pager.js' }),
        tool('write_file', { path: 'src/pager.js', content: wrong }),
        tool('write_file', { path: 'src/pager.js', content: wrong }),
        tool('write_file', { path: 'src/pager.js', content: right }),
        final('fixed'),
      ],
      { files, settings: small },
    );
    const result = await h.agent.run(task);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'fixed' });
    const unfinished = h.of('notice').find((event) => event.reason === 'unfinished-repeat')!;
    expect(unfinished.text).toContain('you made your last change (write_file on src/pager.js) again, exactly');
    expect(unfinished.text).toContain('2 !== 3');
    expect(h.of('notice').map((event) => event.reason)).not.toContain('finished');
  });

  it("L3 nor while the session's own check fails; with no check, or a passing one, it ends as before", async () => {
    const script = () => [
      tool('read_file', { path: 'src/pager.js' }),
      tool('write_file', { path: 'src/pager.js', content: wrong }),
      tool('write_file', { path: 'src/pager.js', content: wrong }),
      final('x'),
    ];
    const checked = tunedHarness(script(), { files, settings: { ...small, verifyCommand: 'node --test' } });
    await checked.agent.run('Make pageCount count a partial last page.');
    expect(checked.of('notice').map((event) => event.reason)).toContain('unfinished-repeat');
    const unchecked = tunedHarness(script(), { files, settings: small });
    const ended = await unchecked.agent.run('Make pageCount count a partial last page.');
    expect(ended.outcome).toMatchObject({ kind: 'final', answer: expect.stringContaining('(given by the harness)') });
    const passing = tunedHarness(
      [
        tool('read_file', { path: 'src/pager.js' }),
        tool('write_file', { path: 'src/pager.js', content: right }),
        tool('write_file', { path: 'src/pager.js', content: right }),
      ],
      { files, settings: small },
    );
    const done = await passing.agent.run(task);
    expect(done.outcome).toMatchObject({ kind: 'final', answer: expect.stringContaining('(given by the harness)') });
  });
});

describe('O4 patch_file in the small profile', () => {
  it('O4 a one-line fix is a patch of an existing file: the grammar offers patch_file on files that are there', async () => {
    const h = tunedHarness(
      [
        {
          text: '{"action":"tool","name":"patch_file","args":{"path":"src/pager.js","old_text":"floor","new_text":"ceil"}}',
        },
        { text: '{"action":"final","final":"pageCount rounds up now"}' },
      ],
      { files, settings: { ...small, protocol: 'constrained' } },
    );
    const result = await h.agent.run(task);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'pageCount rounds up now' });
    expect(await h.workspace.readFile('src/pager.js')).toBe(pager.replace('floor', 'ceil'));
    const format = JSON.stringify(h.model.requests[0]!.format);
    expect(format).toContain('"patch_file"');
    type Entry = { properties: { name?: { enum: string[] }; args: { properties: { path: { enum?: string[] } } } } };
    const entries = (h.model.requests[0]!.format as { anyOf: Entry[] }).anyOf;
    const patch = entries.find((entry) => entry.properties.name?.enum[0] === 'patch_file')!;
    expect(patch.properties.args.properties.path.enum).toEqual(['package.json', 'src/pager.js', 'test/pager.test.js']);
    // The same patch again finds nothing to replace: a failure that says so, not a silent no-op.
    const again = tunedHarness(
      [
        tool('patch_file', { path: 'src/pager.js', old_text: 'floor', new_text: 'ceil' }),
        tool('patch_file', { path: 'src/pager.js', old_text: 'floor', new_text: 'ceil' }),
        final('x'),
      ],
      { files, settings: small },
    );
    await again.agent.run(task);
    expect(toolResults(again)[1]).toContain('old_text was not found in src/pager.js');
  });
});

describe('T1 a line changed in place is not a line lost', () => {
  it('T1 O4 fixing one line says nothing of lost lines (recorded: fix-off-by-one); dropping lines is refused in the small profile', async () => {
    const range =
      '/** The whole numbers from start to end, both included. */\nexport function range(start, end) {\n' +
      '  const out = [];\n  for (let i = start; i < end; i++) out.push(i);\n  return out;\n}\n';
    const fixed = range.replace('i < end', 'i <= end').trimEnd();
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/range.js' }),
        tool('write_file', { path: 'src/range.js', content: fixed }),
        tool('write_file', { path: 'src/range.js', content: 'export function range() {}\n' }),
        final('x'),
      ],
      { files: { 'src/range.js': range }, settings: small },
    );
    await h.agent.run('Fix src/range.js.');
    const [, edit, dropped] = toolResults(h);
    expect(edit).toBe(
      `wrote src/range.js (${fixed.length} chars, 6 lines)\nIf that completes the task, give the final answer now.`,
    );
    // keep-lines (recorded: edit-jsx, the JSX fragment written over the whole component).
    expect(dropped).toMatch(/^error: this write would drop lines src\/range.js has \("\/\*\* The whole numbers/);
    expect(await h.workspace.readFile('src/range.js')).toBe(fixed);
  });
});

describe('O4 npm test with no test script', () => {
  const noScript = { ...files, 'package.json': '{ "type": "module" }\n' };

  it('O4 npm test runs the project test files when package.json has no test script, and says so (recorded: add-default)', async () => {
    const h = tunedHarness([tool('run_shell', { command: 'npm test' }), final('x')], {
      files: noScript,
      settings: small,
    });
    await h.agent.run(task);
    const [result] = toolResults(h);
    expect(result).toMatch(
      /^package.json has no test script, so `npm test` ran the project's tests as `node --test 'test\/pager.test.js'`:\nexit_code: 1/,
    );
    expect(result).toContain('2 !== 3');
    const item = h.agent.session.history.find((entry) => entry.kind === 'tool')!;
    expect(item.kind === 'tool' && item.args).toMatchObject({ command: "node --test 'test/pager.test.js'" });
    expect(h.of('notice').map((event) => event.reason)).toContain('rewritten');
  });

  it('T4 O4 the rewritten command is what the person approves', async () => {
    const approver = new ScriptedApprover([false]);
    const h = tunedHarness([tool('run_shell', { command: 'npm run test' }), final('x')], {
      files: noScript,
      settings: { ...small, approval: 'ask' },
      approver,
    });
    await h.agent.run(task);
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0]!.args).toMatchObject({ command: "node --test 'test/pager.test.js'" });
  });

  it('O4 a project with a test script, a package.json that is not JSON, no test files or the default profile: npm test as asked', async () => {
    const cases: [Record<string, string>, object][] = [
      [files, small],
      [{ ...files, 'package.json': '{ "type": "module",' }, small],
      [{ 'package.json': '{}', 'src/a.js': '' }, small],
      [noScript, {}],
    ];
    for (const [workspace, settings] of cases) {
      const h = tunedHarness([tool('run_shell', { command: 'npm test' }), final('x')], { files: workspace, settings });
      await h.agent.run(task);
      const item = h.agent.session.history.find((entry) => entry.kind === 'tool')!;
      expect(item.kind === 'tool' && item.args).toMatchObject({ command: 'npm test' });
    }
  });
});

describe('T1 patch_file and whitespace', () => {
  const shapes = 'function square(n) {\n  return n * n;\n}\n\nexport function cube(n) {\n  return n * n * n;\n}\n';

  it('T1 old_text written on one line finds the function written on three, and says so (recorded: add-missing-export)', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', {
          path: 'src/shapes.js',
          old_text: 'function square(n) { return n * n; }',
          new_text: 'export function square(n) { return n * n; }',
        }),
        final('x'),
      ],
      { files: { 'src/shapes.js': shapes } },
    );
    await h.agent.run('Export square from src/shapes.js.');
    expect(toolResults(h)[0]!.split('\n')[0]).toBe(
      'patched src/shapes.js (-1 +1 lines; old_text matched with different whitespace)',
    );
    expect(await h.workspace.readFile('src/shapes.js')).toBe(
      'export function square(n) { return n * n; }\n\nexport function cube(n) {\n  return n * n * n;\n}\n',
    );
  });

  it('T1 a loose match must be the only one, and an exact match is never loosened', async () => {
    const twice = 'a = 1;\nb = 2;\na =  1;\n';
    const h = tunedHarness(
      [
        tool('patch_file', { path: 'x.js', old_text: 'a=1;', new_text: 'a = 3;' }),
        tool('patch_file', { path: 'x.js', old_text: 'b = 2;', new_text: 'b = 4;' }),
        tool('patch_file', { path: 'x.js', old_text: 'c = 9;', new_text: 'c = 1;' }),
        final('x'),
      ],
      { files: { 'x.js': twice } },
    );
    await h.agent.run('Change x.js.');
    const [loose, exact, missing] = toolResults(h);
    expect(loose).toContain('old_text occurs 2 times in x.js');
    expect(exact.split('\n')[0]).toBe('patched x.js (-1 +1 lines)');
    expect(missing).toContain('old_text was not found in x.js');
    expect(await h.workspace.readFile('x.js')).toBe('a = 1;\nb = 4;\na =  1;\n');
  });
});

describe('T3 a loose match that would join the lines of a text file', () => {
  const greeting = 'Hello, Ada!\nWelcome back, Ada.\nSee you soon.\n';

  it('T3 old_text of three text lines written as one is refused with the lines, and nothing is joined (recorded: replace-name)', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', {
          path: 'greeting.txt',
          old_text: 'Hello, Ada! Welcome back, Ada. See you soon.',
          new_text: 'Hello, Grace! Welcome back, Grace. See you soon.',
        }),
        // Refused so, the model broke both texts at every space (qwen-1.5b-seen-fixes, seed 1).
        tool('patch_file', {
          path: 'greeting.txt',
          old_text: 'Hello,\nAda!\nWelcome back,\nAda.\nSee you soon.',
          new_text: 'Hello,\nGrace!\nWelcome back,\nGrace.\nSee you soon.',
        }),
        tool('patch_file', {
          path: 'greeting.txt',
          old_text: 'Hello, Ada!\nWelcome back, Ada.',
          new_text: 'Hello, Grace!\nWelcome back, Grace.',
        }),
        final('x'),
      ],
      { files: { 'greeting.txt': greeting } },
    );
    await h.agent.run('In greeting.txt, replace every "Ada" with "Grace".');
    const [joined, split, kept] = toolResults(h);
    expect(split).toContain('only with their line breaks ignored (old_text has 5 lines)');
    expect(joined).toContain(
      'old_text matches lines 1-3 of greeting.txt only with their line breaks ignored (old_text has 1 line)',
    );
    expect(joined).toContain("would change how the file's lines break; nothing was changed");
    expect(joined).toContain('The lines are:\nHello, Ada!\nWelcome back, Ada.\nSee you soon.\n');
    expect(kept.split('\n')[0]).toBe('patched greeting.txt (-2 +2 lines)');
    expect(await h.workspace.readFile('greeting.txt')).toBe('Hello, Grace!\nWelcome back, Grace.\nSee you soon.\n');
  });

  it('T3 in a text file a loose match within one line, or one that keeps the line breaks, still patches', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', { path: 'notes.md', old_text: 'Welcome  back,Ada.', new_text: 'Welcome back, Grace.' }),
        final('x'),
      ],
      { files: { 'notes.md': greeting } },
    );
    await h.agent.run('Change the welcome.');
    expect(toolResults(h)[0]).toContain('old_text matched with different whitespace');
    expect(await h.workspace.readFile('notes.md')).toBe('Hello, Ada!\nWelcome back, Grace.\nSee you soon.\n');
  });
});

describe('O4 T1 keeping lines, and appending by patch', () => {
  const header =
    'export function Header({ user }) {\n  return (\n    <header className="top">\n      <span>Hello</span>\n' +
    '    </header>\n  );\n}\n';

  it('O4 the JSX fragment written over the component is refused, naming what it would drop (recorded: edit-jsx)', async () => {
    const patched = header.replace('<span>Hello</span>', '<span>Hello, {user.name}</span>');
    const fragment = '<header className="top">\n  <span>Hello, {user.name}</span>\n</header>';
    const h = tunedHarness(
      [
        tool('patch_file', {
          path: 'src/Header.jsx',
          old_text: '<span>Hello</span>',
          new_text: '<span>Hello, {user.name}</span>',
        }),
        tool('read_file', { path: 'src/Header.jsx' }),
        tool('write_file', { path: 'src/Header.jsx', content: fragment }),
        final('done'),
      ],
      { files: { 'src/Header.jsx': header }, settings: small },
    );
    await h.agent.run("In src/Header.jsx, show the user's name after Hello.");
    expect(toolResults(h)[2]).toContain(
      'error: this write would drop lines src/Header.jsx has ("export function Header({ user }) {", "  return (", "  );")',
    );
    expect(await h.workspace.readFile('src/Header.jsx')).toBe(patched);
  });

  it('O4 a file the run created may be rewritten shorter; the default profile is not held to it', async () => {
    const h = tunedHarness(
      [
        tool('write_file', { path: 'notes.md', content: 'a\nb\nc\n' }),
        tool('write_file', { path: 'notes.md', content: 'a\n' }),
        final('x'),
      ],
      { files: {}, settings: small },
    );
    await h.agent.run('Write notes.md.');
    expect(await h.workspace.readFile('notes.md')).toBe('a\n');
    // Read first: a blind write that drops lines is refused once in every profile (read-first).
    const plain = tunedHarness(
      [
        tool('read_file', { path: 'src/Header.jsx' }),
        tool('write_file', { path: 'src/Header.jsx', content: 'x\n' }),
        final('x'),
      ],
      { files: { 'src/Header.jsx': header } },
    );
    await plain.agent.run('Rewrite it.');
    expect(await plain.workspace.readFile('src/Header.jsx')).toBe('x\n');
  });

  it('T1 patch_file with an empty old_text adds new_text at the end, keeping the last newline (recorded: append-line)', async () => {
    const todo = '# Todo\n\n- buy milk\n- call Sam\n';
    const h = tunedHarness(
      [
        tool('read_file', { path: 'TODO.md' }),
        tool('read_file', { path: 'bare.txt' }),
        tool('patch_file', { path: 'TODO.md', old_text: '', new_text: '- water the plants' }),
        tool('patch_file', { path: 'bare.txt', old_text: '', new_text: 'two\n' }),
        final('x'),
      ],
      { files: { 'TODO.md': todo, 'bare.txt': 'one' } },
    );
    await h.agent.run('Add "- water the plants" at the end of TODO.md.');
    expect(toolResults(h)[2]!.split('\n')[0]).toBe('appended to TODO.md (+1 lines: old_text was empty)');
    expect(await h.workspace.readFile('TODO.md')).toBe(`${todo}- water the plants\n`);
    expect(await h.workspace.readFile('bare.txt')).toBe('one\ntwo\n');
  });

  it('T1 patch_file with both texts empty is refused as a change of nothing, not reported as an append (recorded: add-missing-export)', async () => {
    const shapes = 'function square(n) {\n  return n * n;\n}\n';
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/shapes.js' }),
        tool('patch_file', { path: 'src/shapes.js', old_text: '', new_text: '' }),
        final('x'),
      ],
      { files: { 'src/shapes.js': shapes } },
    );
    await h.agent.run('Export square from src/shapes.js.');
    expect(toolResults(h)[1]).toContain('old_text and new_text are both empty, so there is nothing to change');
    expect(toolResults(h)[1]).not.toContain('appended');
    const item = h.of('history.appended').filter((event) => event.item.kind === 'tool')[1]!.item;
    expect(item).toMatchObject({ ok: false });
    expect(await h.workspace.readFile('src/shapes.js')).toBe(shapes);
  });
});

describe('O4 L3 going round in circles', () => {
  const hello = (from: string, to: string) => tool('patch_file', { path: 'hello.txt', old_text: from, new_text: to });
  const read = tool('read_file', { path: 'hello.txt' });

  it('O4 a change that puts a file back as an earlier change left it ends the run (recorded: create-file)', async () => {
    const h = tunedHarness(
      [
        tool('write_file', { path: 'hello.txt', content: 'Hello, harness!' }),
        read,
        hello('Hello, harness!', 'Hello, world!'),
        read,
        hello('Hello, world!', 'Hello, harness!'),
        read,
        final('never reached'),
      ],
      { files: {}, settings: small },
    );
    const result = await h.agent.run('Create a file named hello.txt whose only content is this line: Hello, harness!');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer:
        "(given by the harness) The model's last change put hello.txt back exactly as its change at step 1 " +
        'left it, undoing the work in between, so the work is taken as done.',
    });
    expect(result.steps).toBe(5);
    expect(await h.workspace.readFile('hello.txt')).toBe('Hello, harness!');
  });

  it('O4 L3 while the tests the task implies fail, going back does not end the run; new states never do', async () => {
    const wrong = pager.replace('Math.floor(items / perPage)', 'Math.round(items / perPage)');
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/pager.js' }),
        tool('write_file', { path: 'src/pager.js', content: wrong }),
        tool('write_file', { path: 'src/pager.js', content: pager.replace('floor', 'trunc') }),
        tool('write_file', { path: 'src/pager.js', content: wrong }),
        tool('write_file', { path: 'src/pager.js', content: pager.replace('floor', 'ceil') }),
        final('fixed'),
      ],
      { files, settings: small },
    );
    const result = await h.agent.run(task);
    expect(result.outcome).toEqual({ kind: 'final', answer: 'fixed' });
    expect(h.of('notice').map((event) => event.reason)).toContain('unfinished-circle');
  });
});

describe('O4 L3 the tests pass', () => {
  const noScript = { ...files, 'package.json': '{ "type": "module" }\n' };
  const fix = tool('patch_file', { path: 'src/pager.js', old_text: 'floor', new_text: 'ceil' });

  it('O4 a passing test run after a change ends the run (recorded: fix-off-by-one went on to the step limit)', async () => {
    const h = tunedHarness(
      [fix, tool('run_shell', { command: 'npm test' }), tool('read_file', { path: 'test/pager.test.js' }), final('x')],
      { files: noScript, settings: small },
    );
    const result = await h.agent.run(task);
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: "(given by the harness) The project's tests pass after the model's change, so the work is taken as done.",
    });
    expect(result.steps).toBe(2);
  });

  it('O4 no change yet, a task that speaks of no tests, or the default profile: the run goes on', async () => {
    const runs = [
      { script: [tool('run_shell', { command: 'node --test' }), fix, final('done')], settings: small, words: task },
      {
        script: [fix, tool('run_shell', { command: 'node --test' }), final('done')],
        settings: small,
        words: 'Make pageCount round up.',
      },
      { script: [fix, tool('run_shell', { command: 'node --test' }), final('done')], settings: {}, words: task },
    ];
    for (const { script, settings, words } of runs) {
      const h = tunedHarness(script, { files: noScript, settings });
      expect((await h.agent.run(words)).outcome).toEqual({ kind: 'final', answer: 'done' });
    }
  });
});
