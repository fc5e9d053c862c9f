/**
 * P1 T3: the prompt's examples name the run's own files and tell no story of their
 * own. Qwen2.5-Coder-1.5B told the old story back (a binary_search.js with an off-by-one, a
 * README.md that says how tests run) in calls and answers of 53 of 99 recorded runs.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { exampleFile } from '../../../src/lib/harness/tools/workspace-examples';

const files = {
  'package.json': '{ "type": "module" }',
  'test/greet.test.js': "import { greet } from '../src/greet.js';\n",
  'src/greet.js': 'export function greet(name) {\n  return `Hello, ${name}!`;\n}\n',
};
const story = /binary_search|off-by-one|summarise how tests|one item early/;

describe('P1 examples drawn from the workspace', () => {
  it('P1 the examples name a file that is there and tell no story (constrained and text protocols)', async () => {
    for (const protocol of ['constrained', 'text'] as const) {
      const h = tunedHarness([final('done')], { files, settings: { protocol } });
      await h.agent.run('Say hello.');
      const system = h.model.requests[0]!.messages[0]!.content;
      expect(system, protocol).toMatch(/"name":"read_file","args":\{"path":"src\/greet\.js"/);
      expect(system, protocol).toContain('"pattern":"greet"');
      expect(system, protocol).not.toMatch(story);
      // The workspace has no README.md, so no example reads one.
      expect(system, protocol).not.toContain('README.md');
    }
  });

  it("P1 patch_file's example keeps old_text a placeholder, not a line of the file (recorded: qwen-1.5b-old-text-line)", async () => {
    // Shown `export function slugify(title) {` as the example's old_text, the 1.5B model patched
    // that line with the function's body in new_text and left the body twice.
    const h = tunedHarness([final('done')], { files, settings: { protocol: 'constrained' } });
    await h.agent.run('Say hello.');
    expect(h.model.requests[0]!.messages[0]!.content).toContain(
      '"name":"patch_file","args":{"path":"src/greet.js","old_text":"<the exact text to replace, copied from the file>"',
    );
  });

  it('P1 the example file is code before tests, manifests and dotfiles; none in an empty workspace', () => {
    expect(exampleFile(['package.json', '.gitignore', 'test/a.test.js', 'lib/a.py'])).toBe('lib/a.py');
    expect(exampleFile(['package.json', 'notes/todo.md', 'test/a.test.js'])).toBe('notes/todo.md');
    expect(exampleFile(['package.json', 'test/a.test.js'])).toBe('test/a.test.js');
    expect(exampleFile(['package.json'])).toBe('package.json');
    expect(exampleFile([])).toBeUndefined();
  });

  it('P1 an empty workspace keeps the tools own examples, still without a story', async () => {
    const h = tunedHarness([final('done')], { settings: { protocol: 'constrained' } });
    await h.agent.run('Say hello.');
    const system = h.model.requests[0]!.messages[0]!.content;
    expect(system).toContain('"name":"patch_file","args":{"path":"src/app.js"');
    expect(system).not.toMatch(story);
  });

  it("T3 a usage error shows the run's example, not a file from elsewhere", async () => {
    const h = tunedHarness([tool('read_file', { path: 'greet.js' }), final('done')], { files });
    await h.agent.run('Read greet.');
    const [error] = toolResults(h);
    expect(error).toContain("'greet.js' does not exist");
    expect(error).toMatch(/example: .*"path":"src\/greet\.js"/);
  });
});

describe("T3 an example's placeholder copied as a value", () => {
  it('T3 refuses a patch or a write whose text is the placeholder, and runs nothing', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', {
          path: 'src/greet.js',
          old_text: '<the exact text to replace, copied from the file>',
          new_text: 'x',
        }),
        tool('write_file', { path: 'TOTAL.txt', content: ' <the whole new text of the file>' }),
        final('done'),
      ],
      { files },
    );
    await h.agent.run('Fix greet.');
    const [patch, write] = toolResults(h);
    expect(patch).toContain("'old_text' is the example's placeholder for patch_file");
    expect(write).toContain("'content' is the example's placeholder for write_file");
    expect(await h.workspace.stat('TOTAL.txt')).toBeNull();
    expect(await h.workspace.readFile('src/greet.js')).toBe(files['src/greet.js']);
  });

  it('T3 a description of the text in angle brackets is refused as the text (recorded: save-command-output)', async () => {
    const h = tunedHarness(
      [
        tool('write_file', { path: 'CODE.txt', content: '<the output of `node make-code.js`>' }),
        tool('patch_file', { path: 'src/greet.js', old_text: 'name', new_text: ' <your new code here> ' }),
        final('done'),
      ],
      { files },
    );
    await h.agent.run('Run `node make-code.js` and write exactly what it prints into CODE.txt.');
    const [write, patch] = toolResults(h);
    expect(write).toContain("'content' describes the text in angle brackets instead of being it");
    expect(patch).toContain("'new_text' describes the text in angle brackets");
    expect(await h.workspace.stat('CODE.txt')).toBeNull();
    expect(await h.workspace.readFile('src/greet.js')).toBe(files['src/greet.js']);
  });

  it('T3 markup that starts like a description is still written (a tag, an attribute, an element inside)', async () => {
    const markup = ['<a href="/">the home page</a>', '<a>', '<the-element>', '<p>the text <b>here</b></p>', '<br>'];
    const h = tunedHarness(
      [...markup.map((content, index) => tool('write_file', { path: `m${index}.html`, content })), final('x')],
      {
        files,
      },
    );
    await h.agent.run('Write the markup.');
    for (const [index, content] of markup.entries()) expect(await h.workspace.readFile(`m${index}.html`)).toBe(content);
  });

  it('T3 a text in angle brackets that is not the placeholder is written (JSX, HTML)', async () => {
    const h = tunedHarness(
      [tool('write_file', { path: 'src/Header.jsx', content: '<h1>Welcome</h1>' }), final('done')],
      {
        files,
      },
    );
    await h.agent.run('Write the header.');
    expect(toolResults(h)[0]).toContain('wrote src/Header.jsx');
    expect(await h.workspace.readFile('src/Header.jsx')).toBe('<h1>Welcome</h1>');
  });
});
