/**
 * T3: a patch_file append (empty old_text) to a file the run has not read is refused
 * once, with the file shown, in every profile. Recorded in qwen-1.5b-default-v3, add-missing-export:
 * Qwen2.5-Coder-1.5B's first call appended `export const square = …` below the `function square`
 * already in src/shapes.js, and the module no longer loaded ("invalid redefinition").
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { lostLines } from '../../../src/lib/harness/tools/write-file';

const shapes = 'function square(n) {\n  return n * n;\n}\n\nexport function cube(n) {\n  return n * n * n;\n}\n';
const task = '`node src/main.js` fails because src/shapes.js does not export square. Export it.';
const append = tool('patch_file', {
  path: 'src/shapes.js',
  old_text: '',
  new_text: 'export const square = (side) => side * side;',
});

// A new name: an append that would declare square again is refused for that (patched-region.ts).
const appendNew = tool('patch_file', {
  path: 'src/shapes.js',
  old_text: '',
  new_text: 'export const half = (n) => n / 2;',
});

describe('T3 read-first: a blind append', () => {
  it('T3 an append to a file the run has not read is refused once and shows the file (recorded: add-missing-export seed 3)', async () => {
    // The small profile shows the files a task names with it (named-files): those count as seen.
    for (const [settings, asked] of [
      [{}, task],
      [{ profile: 'small' as const }, 'Export square, so that `node src/main.js` runs.'],
    ] as const) {
      const h = tunedHarness(
        [
          append,
          tool('patch_file', {
            path: 'src/shapes.js',
            old_text: 'function square(n) {',
            new_text: 'export function square(n) {',
          }),
          final('Exported square.'),
        ],
        { files: { 'src/shapes.js': shapes }, settings },
      );
      await h.agent.run(asked);
      const [refused, patched] = toolResults(h);
      expect(refused).toContain('src/shapes.js already exists and this run has not read it, so nothing was appended');
      expect(refused).toContain('function square(n) {');
      expect(refused).toContain('change that line in place');
      expect(patched).toContain('patched src/shapes.js');
      expect(await h.workspace.readFile('src/shapes.js')).toBe(
        shapes.replace('function square', 'export function square'),
      );
    }
  });

  it('T3 the small profile lets through an append to a file it showed with the task', async () => {
    const h = tunedHarness([appendNew, final('done')], {
      files: { 'src/shapes.js': shapes },
      settings: { profile: 'small' },
    });
    await h.agent.run(task);
    expect(toolResults(h)[0]).toContain('appended to src/shapes.js');
  });

  it('T3 the same append sent again after the refusal goes through: the file was shown', async () => {
    const h = tunedHarness([appendNew, appendNew, final('done')], { files: { 'src/shapes.js': shapes } });
    await h.agent.run(task);
    expect(toolResults(h)[1]).toContain('appended to src/shapes.js');
    expect(await h.workspace.readFile('src/shapes.js')).toBe(`${shapes}export const half = (n) => n / 2;\n`);
  });

  it('T3 an append after read_file, write_file or a patch of the file, and a replacing patch, are not refused', async () => {
    for (const first of [
      tool('read_file', { path: 'src/shapes.js' }),
      tool('patch_file', { path: 'src/shapes.js', old_text: 'n * n * n', new_text: 'n ** 3' }),
      tool('write_file', { path: 'src/shapes.js', content: shapes }),
    ]) {
      const h = tunedHarness([first, appendNew, final('done')], { files: { 'src/shapes.js': shapes } });
      await h.agent.run(task);
      expect(toolResults(h)[1]).toContain('appended to src/shapes.js');
    }
  });

  it('T3 a blind write_file in the default profile: one that keeps the lines runs, one with only the change is refused once (recorded: set-json-key)', async () => {
    const settings = '{\n  "theme": "dark",\n  "debug": false,\n  "retries": 3\n}\n';
    const whole = settings.replace('false', 'true');
    const h = tunedHarness(
      [
        tool('write_file', { path: 'settings.json', content: '{"debug": true}' }),
        tool('write_file', { path: 'settings.json', content: whole }),
        final('done'),
      ],
      { files: { 'settings.json': settings } },
    );
    await h.agent.run('In settings.json, set "debug" to true. Leave the other keys as they are.');
    const [refused, wrote] = toolResults(h);
    expect(refused).toContain('settings.json already exists and this run has not read it; write_file replaces');
    expect(refused).toContain('"retries": 3');
    expect(wrote).toContain('wrote settings.json');
    expect(await h.workspace.readFile('settings.json')).toBe(whole);
    // A fix written whole, every line kept but the one changed, is not held up.
    const fixed = tunedHarness([tool('write_file', { path: 'settings.json', content: whole }), final('done')], {
      files: { 'settings.json': settings },
    });
    await fixed.agent.run('Set debug to true.');
    expect(toolResults(fixed)[0]).toContain('wrote settings.json');
  });
});

describe('O4 showNamedFiles: the files the task names, shown with it in the default profile', () => {
  const files = { 'src/shapes.js': shapes, 'src/main.js': "import { square } from './shapes.js';\n" };

  it('O4 off by default; on, the named files come after the task, and an append to one is not blind', async () => {
    const off = tunedHarness([final('ok')], { files });
    await off.agent.run(task);
    expect(off.of('notice').some((event) => event.reason === 'named-files')).toBe(false);
    const on = tunedHarness([appendNew, final('ok')], { files, settings: { showNamedFiles: true } });
    await on.agent.run(task);
    const shown = on.of('notice').find((event) => event.reason === 'named-files')?.text ?? '';
    expect(shown).toContain('# src/main.js (lines 1-1 of 1)');
    expect(shown).toContain('function square(n) {');
    expect(on.model.requests[0]!.messages.at(-1)!.content).toContain('function square(n) {');
    expect(toolResults(on)[0]).toContain('appended to src/shapes.js');
  });

  it('O5 the pack expression default+named-files shows them too, and counts the rule as acted (a trial reads that)', async () => {
    const h = tunedHarness([final('ok')], { files, settings: { pack: 'default+named-files' } });
    await h.agent.run(task);
    expect(h.model.requests[0]!.messages.at(-1)!.content).toContain('function square(n) {');
    expect(h.of('rule.acted').map((event) => event.rule)).toContain('named-files');
  });

  it('O4 a whole-file write that drops lines of a shown file is still refused once', async () => {
    const h = tunedHarness(
      [tool('write_file', { path: 'src/shapes.js', content: 'export const square = 1;\n' }), final('x')],
      {
        files,
        settings: { showNamedFiles: true },
      },
    );
    await h.agent.run(task);
    expect(toolResults(h)[0]).toContain('src/shapes.js already exists and this run has not read it');
  });
});

describe('T1 lost lines are counted on a bounded part of a long file', () => {
  it('T1 a file of 100,000 lines written over: the first 2,000 lines are compared, and the text says "at least"', () => {
    const before = Array.from({ length: 100_000 }, (_, index) => `line ${index}`).join('\n');
    const lost = lostLines(before, 'x'.repeat(512_000));
    expect(lost.count).toBe(1999); // one line came in: changed in place, not lost
    expect(lost.text).toContain('at least 2000 of its 100000 earlier lines are gone ("line 0", "line 1", "line 2", …)');
    expect(lostLines('a\nb\n', 'a\n').text).toContain('1 of its 2 earlier lines are gone ("b")');
  });
});
