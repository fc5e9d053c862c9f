/**
 * T2 T3 O4: what the harness does about the rung-1 failures read in qwen-1.5b-circle's
 * sessions (Qwen2.5-Coder-1.5B, constrained, small profile, seeds 1–3): read_file's header
 * written into TODO.md as its first line, an append "not found" because old_text was the line
 * to add, an append of lines the file already had, and config/server.json patched to another
 * port before its port was written into ANSWER.txt (copy-port, 0 of 3). Each reply below is the
 * model's, from those sessions.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { withoutReadMarks } from '../../../src/lib/harness/tools/read-header';
import { askedPaths } from '../../../src/lib/harness/facts/task-files';

const todo = '# Todo\n\n- buy milk\n- call Sam\n';
const appendTask = 'Add the line "- water the plants" at the end of TODO.md. Keep the lines that are already there.';
const server = '{\n  "host": "0.0.0.0",\n  "port": 8137,\n  "workers": 3,\n  "timeoutSeconds": 30\n}\n';
const portTask =
  'config/server.json sets the port the server listens on. Write that port number, and nothing else, into ANSWER.txt.';
const small = { profile: 'small' as const };

describe('T2 read_file marks are not file content', () => {
  it("T2 write_file leaves out read_file's header copied in as the first line, and says so (recorded: append-line seed 1)", async () => {
    const content = '# TODO.md (lines 1-4 of 4)\n# Todo\n\n- buy milk\n- call Sam\n- water the plants';
    for (const settings of [small, {}]) {
      const h = tunedHarness(
        [tool('read_file', { path: 'TODO.md' }), tool('write_file', { path: 'TODO.md', content }), final('done')],
        {
          files: { 'TODO.md': todo },
          settings,
        },
      );
      await h.agent.run(appendTask);
      expect(await h.workspace.readFile('TODO.md')).toBe('# Todo\n\n- buy milk\n- call Sam\n- water the plants');
      expect(toolResults(h)[1]).toContain('left out "# TODO.md (lines 1-4 of 4)": read_file\'s, not the file\'s');
    }
  });

  it("T2 only read_file's own header and cut mark are taken out: a Markdown heading like it stays", () => {
    expect(withoutReadMarks('# src/a.js (lines 1-3 of 9)\nx').content).toBe('x');
    expect(withoutReadMarks('# a.js (12 lines, cut)\nx\n[… cut: read_file shows the rest]').content).toBe('x');
    for (const kept of ['# Todo (lines 1-4)\nx', '# My notes (lines 1-4 of 4)\nx', 'x\n# a.md (lines 1-2 of 2)'])
      expect(withoutReadMarks(kept)).toEqual({ content: kept, removed: [] });
  });
});

describe('T3 patch_file says how to add text', () => {
  it('T3 old_text that is the line to add is told how to add text (recorded: append-line seed 1)', async () => {
    const h = tunedHarness(
      [
        tool('patch_file', { path: 'TODO.md', old_text: '- water the plants', new_text: '- water the plants\n' }),
        final('x'),
      ],
      { files: { 'TODO.md': todo } },
    );
    await h.agent.run(appendTask);
    expect(toolResults(h)[0]).toContain('old_text was not found in TODO.md');
    expect(toolResults(h)[0]).toContain('or empty to add new_text at the end');
    // A replacement whose old_text is just wrong is not told about adding.
    const other = tunedHarness(
      [tool('patch_file', { path: 'TODO.md', old_text: '- buy bread', new_text: '- buy rice' }), final('x')],
      {
        files: { 'TODO.md': todo },
      },
    );
    await other.agent.run(appendTask);
    expect(toolResults(other)[0]).not.toContain('to add');
  });

  it('T3 an append of lines the file has already adds nothing and says so (recorded: append-line seed 2)', async () => {
    const h = tunedHarness(
      [
        tool('read_file', { path: 'TODO.md' }),
        tool('patch_file', { path: 'TODO.md', old_text: '', new_text: '- water the plants' }),
        tool('patch_file', { path: 'TODO.md', old_text: '', new_text: '- water the plants\n- buy milk\n- call Sam' }),
        final('done'),
      ],
      { files: { 'TODO.md': todo } },
    );
    await h.agent.run(appendTask);
    expect(await h.workspace.readFile('TODO.md')).toBe(`${todo}- water the plants\n`);
    expect(toolResults(h)[2]).toContain(
      'already has every line of new_text ("- water the plants", "- buy milk", "- call Sam")',
    );
  });

  it('T3 an append with one new line, or of punctuation alone, still goes through', async () => {
    const h = tunedHarness(
      [
        tool('read_file', { path: 'TODO.md' }),
        tool('patch_file', { path: 'TODO.md', old_text: '', new_text: '- buy milk\n- call Ada' }),
        tool('patch_file', { path: 'TODO.md', old_text: '', new_text: '}' }),
        final('done'),
      ],
      { files: { 'TODO.md': todo } },
    );
    await h.agent.run(appendTask);
    expect(await h.workspace.readFile('TODO.md')).toBe(`${todo}- buy milk\n- call Ada\n}\n`);
  });
});

describe('O4 output-first: the file the task asks for before the files it names', () => {
  const files = { 'config/server.json': server };
  const patchPort = tool('patch_file', {
    path: 'config/server.json',
    old_text: '"port": 8137',
    new_text: '"port": 9000',
  });

  it('O4 a change to the file to read from is refused while the file to write is not written (recorded: copy-port seed 1)', async () => {
    const h = tunedHarness([patchPort, tool('write_file', { path: 'ANSWER.txt', content: '8137' }), final('8137')], {
      files,
      settings: small,
    });
    await h.agent.run(portTask);
    expect(toolResults(h)[0]).toContain('config/server.json was not changed');
    expect(toolResults(h)[0]).toContain('write ANSWER.txt first');
    expect(await h.workspace.readFile('config/server.json')).toBe(server);
    expect(await h.workspace.readFile('ANSWER.txt')).toBe('8137');
  });

  it('O4 once the file asked for is written, the files the task names may change (an order, not a ban)', async () => {
    const h = tunedHarness([tool('write_file', { path: 'ANSWER.txt', content: '8137' }), patchPort, final('8137')], {
      files,
      settings: small,
    });
    await h.agent.run(portTask);
    expect(await h.workspace.readFile('config/server.json')).toContain('"port": 9000');
  });

  it('O4 output-first holds in the default profile too (recorded: explain-code seed 1)', async () => {
    const discount = 'const codes = { SAVE10: 10, HALF: 50 };\n';
    const h = tunedHarness(
      [
        tool('read_file', { path: 'src/discount.js' }),
        tool('patch_file', {
          path: 'src/discount.js',
          old_text: 'const codes = { SAVE10: 10, HALF: 50 };',
          new_text: 'const codes = { WINTER: 15, SUMMER: 20, FALL: 30, SPRING: 40 };',
        }),
        final('x'),
      ],
      { files: { 'src/discount.js': discount } },
    );
    await h.agent.run(
      'Read src/discount.js and explain its discount codes: in ANSWER.md, list every code applyDiscount knows ' +
        'with the percentage it takes off, one per line as CODE: PERCENT (for example WINTER: 15), and nothing else.',
    );
    expect(toolResults(h)[1]).toContain('src/discount.js was not changed');
    expect(toolResults(h)[1]).toContain('write ANSWER.md first');
    expect(await h.workspace.readFile('src/discount.js')).toBe(discount);
  });

  it('O4 output-first leaves alone a task naming no new file, and files the task does not name', async () => {
    const edit = tunedHarness([patchPort, final('x')], { files, settings: small });
    await edit.agent.run('In config/server.json set the port to 9000.');
    expect(await edit.workspace.readFile('config/server.json')).toContain('9000');
    const other = tunedHarness([tool('write_file', { path: 'notes.txt', content: 'n' }), final('x')], {
      files: { ...files, 'notes.txt': 'old' },
      settings: small,
    });
    await other.agent.run(portTask);
    expect(toolResults(other)[0]).not.toContain('was not changed');
  });
});

describe('L3 asked-file: a task that asks for a file is not done without it', () => {
  const files = { 'config/server.json': server };

  it('L3 an answer while the file the task asks for is missing goes back once, naming it (recorded: copy-port, default profile)', async () => {
    const h = tunedHarness(
      [
        tool('read_file', { path: 'config/server.json' }),
        final('8137'),
        tool('write_file', { path: 'ANSWER.txt', content: '8137' }),
        final('done'),
      ],
      { files },
    );
    const { outcome } = await h.agent.run(portTask);
    expect(outcome).toMatchObject({ kind: 'final', answer: 'done' });
    const sentBack = h.of('notice').find((event) => event.reason === 'asked-file')!;
    expect(sentBack.text).toContain('the task asks for ANSWER.txt, and it is not there yet');
    expect(await h.workspace.readFile('ANSWER.txt')).toBe('8137');
  });

  it('L3 asked-file is bounded: the third answer without the file stands (recorded: use-skill, "main" at step 1)', async () => {
    const task =
      "The project's release skill says which branch releases are cut from. Write that branch name, and nothing else, into ANSWER.txt.";
    for (const settings of [{}, small]) {
      const h = tunedHarness([final('main'), final('main'), final('main'), final('main')], {
        files: { 'README.md': 'x' },
        settings,
      });
      const { outcome } = await h.agent.run(task);
      expect(h.of('notice').filter((event) => event.reason === 'asked-file').length).toBeLessThanOrEqual(2);
      // The small profile's own rule (no answer before a tool call worked) may end it otherwise.
      if (settings !== small) expect(outcome).toMatchObject({ kind: 'final', answer: 'main' });
    }
  });

  it('L3 asked-file does not ask again for a file whose write the person did not allow', async () => {
    const h = tunedHarness(
      [tool('write_file', { path: 'b.txt', content: 'b' }), final('not written: denied'), final('x')],
      {
        files: { 'a.txt': 'a' },
        settings: { approval: 'never' },
      },
    );
    const { outcome } = await h.agent.run('Write b.txt.');
    expect(outcome).toMatchObject({ kind: 'final', answer: 'not written: denied' });
    expect(h.of('notice').map((event) => event.reason)).not.toContain('asked-file');
  });

  it('L3 asked-file reads the task sentence by sentence: a question before the request does not hide the file it asks for', async () => {
    const tasks = [
      'What is the port, according to config/server.json? Put just the value in value.txt.',
      'Which port does config/server.json set? Answer in value.txt, nothing else.',
      'Look the port up in config/server.json and store it in value.txt!',
    ];
    for (const task of tasks) {
      const h = tunedHarness(
        [final('8137'), tool('write_file', { path: 'value.txt', content: '8137' }), final('done')],
        {
          files,
        },
      );
      expect((await h.agent.run(task)).outcome, task).toMatchObject({ kind: 'final', answer: 'done' });
      expect(h.of('notice').find((event) => event.reason === 'asked-file')?.text, task).toContain('value.txt');
    }
    // Sentence by sentence: the file named in the question is not asked for, the one in the request is.
    expect(askedPaths('How would I create a.txt? Write b.txt.', ['a.txt', 'b.txt'])).toEqual(['b.txt']);
    // A path's dot or a version's does not end a sentence.
    expect(askedPaths('Set 1.2.3 as the version in VERSION.txt and write it into out/v.txt.', ['out/v.txt'])).toEqual([
      'out/v.txt',
    ]);
    // Named in a sentence that asks for no file: not asked for (a path the task says is wrong, say).
    expect(askedPaths('The build points at src/old.js. Fix the path in build.js.', ['src/old.js'])).toEqual([]);
  });

  it('L3 asked-file leaves alone a task that asks for no file, a file that was there, and a path given as an example', async () => {
    const cases: [string, Record<string, string>][] = [
      ['Explain what config/server.json and notes.md say.', files],
      ['Write the port into config/server.json.', files],
      ['Find the bug and write FILE:LINE (e.g. src/a.js:3) into ANSWER.txt.', { 'ANSWER.txt': '' }],
      ['How would I create hello.txt with the write_file tool? Do not do it.', {}],
    ];
    for (const [task, workspace] of cases) {
      const h = tunedHarness([final('done')], { files: workspace });
      expect((await h.agent.run(task)).outcome).toMatchObject({ kind: 'final', answer: 'done' });
      expect(h.of('notice').map((event) => event.reason)).not.toContain('asked-file');
    }
  });
});

describe('T3 patch_file on a file that is not there', () => {
  it('T3 says write_file creates a file (recorded: sum-two-files, default profile)', async () => {
    const h = tunedHarness([tool('patch_file', { path: 'TOTAL.txt', old_text: '', new_text: '42' }), final('x')], {
      files: { 'a.json': '{}' },
    });
    await h.agent.run('Compute it.');
    expect(toolResults(h)[0]).toContain("'TOTAL.txt' does not exist; write_file creates a file");
  });

  it('T3 a path outside the workspace is refused as that, with no hint about creating it', async () => {
    const h = tunedHarness([tool('patch_file', { path: '../outside.txt', old_text: '', new_text: '42' }), final('x')], {
      files: { 'a.json': '{}' },
    });
    const { outcome } = await h.agent.run('Compute it.');
    expect(outcome).toMatchObject({ kind: 'final', answer: 'x' });
    expect(toolResults(h)[0]).toMatch(/^error: invalid arguments for patch_file: /);
    expect(toolResults(h)[0]).not.toContain('write_file creates a file');
  });
});
