/**
 * T1: a patch's result shows what the patch left. Replies below are Qwen2.5-Coder-1.5B's,
 * from qwen-1.5b-workspace-examples (fix-off-by-one seed 1) and the add-missing-export runs.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';
import { patchedRegion } from '../../../src/lib/harness/tools/patched-region';
import { declaredAgain, declaredTwice } from '../../../src/lib/harness/tools/declared-twice';

const range =
  '/** The whole numbers from start to end, both included. */\nexport function range(start, end) {\n' +
  '  const out = [];\n  for (let i = start; i < end; i++) out.push(i);\n  return out;\n}\n';
const shapes = 'function square(n) {\n  return n * n;\n}\n\nexport function cube(n) {\n  return n * n * n;\n}\n';

describe('T1 what a patch left, in its result', () => {
  it('T1 the old line left below the fixed one is shown (recorded: fix-off-by-one seed 1)', async () => {
    const h = harness(
      [
        tool('patch_file', {
          path: 'src/range.js',
          old_text: 'export function range(start, end) {\n  const out = [];',
          new_text:
            'export function range(start, end) {\n  const out = [];\n  for (let i = start; i <= end; i++) out.push(i);\n',
        }),
        final('done'),
      ],
      { files: { 'src/range.js': range } },
    );
    await h.agent.run('Fix range.');
    expect(toolResults(h)[0]).toBe(
      'patched src/range.js (-2 +4 lines)\nlines 1-6 now read:\n' +
        '/** The whole numbers from start to end, both included. */\nexport function range(start, end) {\n' +
        '  const out = [];\n  for (let i = start; i <= end; i++) out.push(i);\n\n' +
        '  for (let i = start; i < end; i++) out.push(i);',
    );
  });

  it('T1 a patch that would declare a JavaScript name twice is refused with the in-place change (recorded: add-missing-export)', async () => {
    const appended = 'export function square(n) {\n  return n * n;\n}';
    const h = harness(
      [
        tool('read_file', { path: 'src/shapes.js' }),
        tool('patch_file', { path: 'src/shapes.js', old_text: '', new_text: appended }),
        tool('patch_file', {
          path: 'src/shapes.js',
          old_text: 'function square(n) {',
          new_text: 'export function square(n) {',
        }),
        final('x'),
      ],
      { files: { 'src/shapes.js': shapes } },
    );
    await h.agent.run('Export square.');
    expect(toolResults(h)[1]!.split('\n')[0]).toBe(
      'error: invalid arguments for patch_file: src/shapes.js already declares square at line 1 ' +
        '("function square(n) {"); with this patch it would declare it twice, which JavaScript refuses, so nothing ' +
        'was changed: to export it, change that line in place: old_text "function square(n) {", new_text ' +
        '"export function square(n) {"',
    );
    // The change the refusal gives goes through, and the file declares square once.
    expect(toolResults(h)[2]).toMatch(/^patched src\/shapes.js \(-1 \+1 lines\)/);
    expect(await h.workspace.readFile('src/shapes.js')).toBe(
      shapes.replace('function square', 'export function square'),
    );
  });

  it('T1 a second const in the same block is refused; the same name in another block, or a var again, is not (recorded: fix-off-by-one, qwen-1.5b-no-news)', async () => {
    const range =
      '/** The whole numbers from start to end, both included. */\nexport function range(start, end) {\n' +
      '  const out = [];\n  for (let i = start; i < end; i++) out.push(i);\n  return out;\n}\n';
    const h = harness(
      [
        tool('patch_file', {
          path: 'src/range.js',
          old_text: 'export function range(start, end) {',
          new_text: 'export function range(start, end) {\n  const out = [];',
        }),
        final('x'),
      ],
      { files: { 'src/range.js': range } },
    );
    await h.agent.run('Fix src/range.js.');
    expect(toolResults(h)[0]).toContain(
      'src/range.js already declares out at line 3 ("  const out = [];"); with this patch it would declare it ' +
        'twice in the same block, which JavaScript refuses, so nothing was changed: change that declaration in place',
    );
    expect(await h.workspace.readFile('src/range.js')).toBe(range);
    const blocks = 'function a() {\n  const x = 1;\n}\n';
    expect(declaredAgain('a.js', blocks, `${blocks}function b() {\n  const x = 2;\n}\n`, '  const x = 2;')).toBe(
      undefined,
    );
    expect(declaredAgain('a.js', 'var n = 1;\n', 'var n = 1;\nvar n = 2;\n', 'var n = 2;')).toBe(undefined);
  });

  it('T1 a second declaration that is not an export points at the line to change; another scope or another language is no second declaration', () => {
    const again = declaredAgain(
      'src/a.js',
      'const limit = 3;\n',
      'const limit = 3;\nconst limit = 4;\n',
      'const limit = 4;',
    );
    expect(again).toContain('already declares limit at line 1 ("const limit = 3;")');
    expect(again).toContain('change that declaration in place (old_text copied from it) instead of adding another');
    const scoped = 'function a() {\n  const x = 1;\n}\n';
    expect(declaredAgain('src/a.js', scoped, `${scoped}function b() {\n  const x = 2;\n}\n`, '  const x = 2;')).toBe(
      undefined,
    );
    expect(declaredAgain('a.py', 'def f():\n  pass\n', 'def f():\n  pass\ndef f():\n  pass\n', 'def f():')).toBe(
      undefined,
    );
    // One declaration changed in place is no second one, and a file that had two already is not refused for them.
    expect(
      declaredAgain(
        'src/s.js',
        shapes,
        shapes.replace('function square', 'export function square'),
        'export function square(n) {',
      ),
    ).toBe(undefined);
    const twice = 'let a = 1;\nlet a = 2;\n';
    expect(declaredAgain('src/t.js', twice, 'let a = 1;\nlet a = 3;\n', 'let a = 3;')).toBe(undefined);
  });

  it('T1 no note for names in other scopes, other languages, or one declaration changed in place', () => {
    const scoped = 'function a() {\n  const x = 1;\n}\nfunction b() {\n  const x = 2;\n}\n';
    expect(declaredTwice('src/a.js', scoped, '  const x = 2;')).toBe('');
    expect(declaredTwice('a.py', 'def f():\n  pass\ndef f():\n  pass\n', 'def f():')).toBe('');
    expect(
      declaredTwice(
        'src/shapes.js',
        shapes.replace('function square', 'export function square'),
        'export function square(n) {',
      ),
    ).toBe('');
  });

  it('T1 a patch whose old_text and new_text are the same is refused, not reported as done (recorded: add-missing-export)', async () => {
    const line = "import { square, cube } from './shapes.js';";
    const h = harness([tool('patch_file', { path: 'src/main.js', old_text: line, new_text: line }), final('x')], {
      files: { 'src/main.js': `${line}\n` },
    });
    await h.agent.run('Export square.');
    expect(toolResults(h)[0]).toContain('old_text and new_text are the same, so nothing would change');
  });

  it('T1 a change too long to show is not shown; a one-line file shows its line', () => {
    const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
    expect(patchedRegion(long, 0, long.length)).toBe('');
    expect(patchedRegion('a = 1;\n', 0, 6)).toBe('\nline 1 now reads:\na = 1;');
    const minified = `var a=${'1'.repeat(100_000)};`;
    expect(patchedRegion(minified, 0, 5).length).toBeLessThan(260);
  });

  it('C4 an old patch result is shortened to its first line: the lines it showed are of their moment', async () => {
    const h = harness(
      [
        tool('patch_file', { path: 'src/range.js', old_text: 'i < end', new_text: 'i <= end' }),
        ...Array.from({ length: 6 }, (_, index) => tool('read_file', { path: 'src/range.js', start: index + 1 })),
        final('done'),
      ],
      {
        files: { 'src/range.js': range },
        agent: { budgets: { recentChars: 600, oldToolChars: 180, oldTextChars: 220 } },
      },
    );
    await h.agent.run('Fix range.');
    const last = h.model.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n');
    expect(last).toContain('patched src/range.js (-1 +1 lines)');
    expect(last).not.toContain('now read:');
  });
});
