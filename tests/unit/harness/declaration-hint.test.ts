/**
 * T3: old_text not found, where new_text is a new version of a declaration the file
 * has: the error gives the declaration's lines as old_text (and new_text keeping its export).
 * The replies are Qwen2.5-Coder-1.5B's (add-default, qwen-1.5b-asked-written, seeds 2 and 3).
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';

const greet = 'export function greet(name) {\n  return `Hello, ${name}!`;\n}\n';
const task =
  'greet() in src/greet.js should return "Hello, friend!" when it is called without a name; ' +
  'test/greet.test.js shows what is expected. Make the tests pass without changing them.';
const modelFix = "function greet(name = 'friend') { return `Hello, ${name}!`; }";

async function patchWith(files: Record<string, string>, path: string, oldText: string, newText: string) {
  const h = harness(
    [tool('read_file', { path }), tool('patch_file', { path, old_text: oldText, new_text: newText }), final('x')],
    { files },
  );
  await h.agent.run(task);
  return { h, result: toolResults(h)[1]! };
}

describe('T3 a new version of a declaration the file has: old_text is offered', () => {
  it('T3 old_text not found, new_text redeclaring greet: the three lines are offered, with the export kept (recorded: add-default)', async () => {
    const { result } = await patchWith({ 'src/greet.js': greet }, 'src/greet.js', 'greet()', modelFix);
    expect(result).toContain('old_text was not found in src/greet.js');
    expect(result).toContain(
      `new_text declares greet, which src/greet.js declares at lines 1-3: to replace it, send old_text ${JSON.stringify(
        greet.trimEnd(),
      )} and new_text ${JSON.stringify(`export ${modelFix}`)} (it keeps the export the file has)`,
    );
    // What it offers works: sent back as given, the patch goes through.
    const h = harness(
      [
        tool('patch_file', { path: 'src/greet.js', old_text: greet.trimEnd(), new_text: `export ${modelFix}` }),
        final('x'),
      ],
      { files: { 'src/greet.js': greet } },
    );
    await h.agent.run(task);
    expect(await h.workspace.readFile('src/greet.js')).toBe(`export ${modelFix}\n`);
  });

  it('T3 the hint does not guess: no declaration, a name declared twice, an unclosed body, a file not JavaScript', async () => {
    const plain = await patchWith({ 'src/greet.js': greet }, 'src/greet.js', 'greet()', "return 'Hello, friend!';");
    expect(plain.result).not.toContain('new_text declares');
    const two = 'export function greet(name) {\n  return 1;\n}\n{\n  function greet() {}\n}\n';
    expect((await patchWith({ 'src/greet.js': two }, 'src/greet.js', 'greet()', modelFix)).result).not.toContain(
      'new_text declares',
    );
    const open = `export function greet(name) {\n${'  x();\n'.repeat(50)}`;
    expect((await patchWith({ 'src/greet.js': open }, 'src/greet.js', 'greet()', modelFix)).result).not.toContain(
      'new_text declares',
    );
    expect((await patchWith({ 'notes.md': greet }, 'notes.md', 'greet()', modelFix)).result).not.toContain(
      'new_text declares',
    );
  });

  it('T3 a one-line declaration is offered as its line; an exported new_text is left as written', async () => {
    const file = 'export const limit = 10;\nexport const other = 2;\n';
    const { result } = await patchWith(
      { 'src/limit.js': file },
      'src/limit.js',
      'limit = 5',
      'export const limit = 20;',
    );
    expect(result).toContain('new_text declares limit, which src/limit.js declares at line 1:');
    expect(result).toContain('send old_text "export const limit = 10;"');
    expect(result).not.toContain('keeps the export');
  });
});
