/**
 * T3: the task's example written as a value. The writes are Qwen2.5-Coder-1.5B's, from
 * explain-code (qwen-1.5b-recital seed 1 and qwen-1.5b-asked-written).
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { madeUpExamples } from '../../../src/lib/harness/guards/task-example';

const task =
  'Read src/discount.js and explain its discount codes: in ANSWER.md, list every code applyDiscount knows with ' +
  'the percentage it takes off, one per line as CODE: PERCENT (for example WINTER: 15), and nothing else.';
const discount =
  'const codes = { SAVE10: 10, HALF: 50 };\n\nexport function applyDiscount(amount, code) {\n' +
  '  const percent = codes[code] ?? 0;\n  return Math.round(amount * (100 - percent) / 100);\n}\n';
const files = { 'src/discount.js': discount };

async function run(calls: ReturnType<typeof tool>[], text = task, workspace: Record<string, string> = files) {
  const h = tunedHarness([...calls, final('done')], { files: workspace });
  await h.agent.run(text);
  return { results: toolResults(h), h };
}

describe("T3 task-example: the task's example is not written as a value", () => {
  it('T3 a write of the example refused, saying where the values are; the right list then written (recorded: explain-code seed 1)', async () => {
    const { results, h } = await run([
      tool('write_file', { path: 'ANSWER.md', content: 'WINTER: 15, HALF: 50' }),
      tool('write_file', { path: 'ANSWER.md', content: 'SAVE10: 10\nHALF: 50' }),
    ]);
    expect(results[0]).toContain('ANSWER.md was not written: "WINTER" comes from the task\'s example ("WINTER: 15")');
    expect(results[0]).toContain('src/discount.js has no "WINTER". Write what src/discount.js holds, in that form.');
    expect(results[1]).toContain('wrote ANSWER.md');
    expect(await h.workspace.readFile('ANSWER.md')).toBe('SAVE10: 10\nHALF: 50');
  });

  it('T3 a patch that puts the example into the file to make is refused too; a file there at the start is none to make', async () => {
    const { results } = await run(
      [tool('patch_file', { path: 'ANSWER.md', old_text: 'HALF: 50', new_text: 'WINTER: 15\nHALF: 50' })],
      task,
      { ...files, 'ANSWER.md': 'HALF: 50\n' },
    );
    // ANSWER.md was there at the start, so it is no file to make: the rule does not apply.
    expect(results[0]).toContain('patched ANSWER.md');
    const fresh = await run([
      tool('write_file', { path: 'ANSWER.md', content: 'HALF: 50' }),
      tool('patch_file', {
        path: 'ANSWER.md',
        old_text: 'HALF: 50',
        new_text: 'WINTER: 15\nHALF: 50',
      }),
    ]);
    expect(fresh.results[1]).toContain("comes from the task's example");
  });

  it('T3 an example whose words the files have, a task with no file to read, and another file meet nothing', async () => {
    expect(madeUpExamples('list as CODE: PERCENT (for example SAVE10: 10)', [discount])).toEqual([]);
    expect(madeUpExamples('list them (for example WINTER: 15)', [])).toEqual([]);
    expect(madeUpExamples('no example here, SAVE10', [discount])).toEqual([]);
    expect(madeUpExamples('write a line, e.g. WINTER: 15; then stop', [discount])).toEqual([
      { example: 'WINTER: 15', words: ['WINTER'] },
    ]);
    const seenWord = await run(
      [tool('write_file', { path: 'ANSWER.md', content: 'SAVE10: 10\nHALF: 50' })],
      task.replace('WINTER: 15', 'SAVE10: 10'),
    );
    expect(seenWord.results[0]).toContain('wrote ANSWER.md');
    const noSource = await run(
      [tool('write_file', { path: 'ANSWER.md', content: 'WINTER: 15' })],
      'In ANSWER.md, write one season and a number (for example WINTER: 15).',
      {},
    );
    expect(noSource.results[0]).toContain('wrote ANSWER.md');
    const other = await run([tool('write_file', { path: 'notes.txt', content: 'WINTER: 15' })]);
    expect(other.results[0]).toContain('wrote notes.txt');
  });

  it('L3 an answer after the refused write goes back a second time, and the list then written stands (recorded: explain-code seed 1)', async () => {
    const { results, h } = await run([
      tool('read_file', { path: 'src/discount.js' }),
      final('Done: WINTER: 15, HALF: 50'),
      tool('write_file', { path: 'ANSWER.md', content: 'WINTER: 15, HALF: 50' }),
      final('WINTER: 15, HALF: 50'),
      tool('write_file', { path: 'ANSWER.md', content: 'SAVE10: 10\nHALF: 50' }),
    ]);
    expect(results[1]).toContain("comes from the task's example");
    expect(h.of('notice').filter((event) => event.reason === 'asked-file')).toHaveLength(2);
    expect(await h.workspace.readFile('ANSWER.md')).toBe('SAVE10: 10\nHALF: 50');
  });
});
