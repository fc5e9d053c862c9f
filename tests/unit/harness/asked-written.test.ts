/**
 * L3 asked-written (issue 32): once the file the task asks for is written, the result says what
 * it holds and that the final answer comes next if that is all the task asks. The replies are
 * Qwen2.5-Coder-1.5B's (sum-two-files, constrained, default profile, seed 1), which appended
 * "42 + 25 = " to a right TOTAL.txt after a bare "wrote TOTAL.txt".
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';

const task =
  'a.json and b.json each have a "count". Write the sum of the two counts, and nothing else, into TOTAL.txt.';
const files = { 'a.json': '{ "name": "apples", "count": 17 }\n', 'b.json': '{ "name": "pears", "count": 25 }\n' };

describe('L3 asked-written: the file the task asks for, once written, says the answer comes next', () => {
  it('L3 a write of the asked file shows what it holds and says the final answer comes next (recorded: sum-two-files seed 1)', async () => {
    const h = harness(
      [
        tool('read_file', { path: 'a.json' }),
        tool('read_file', { path: 'b.json' }),
        tool('write_file', { path: 'TOTAL.txt', content: '42' }),
        final('42'),
      ],
      { files },
    );
    await h.agent.run(task);
    const written = toolResults(h)[2];
    expect(written).toContain('TOTAL.txt is the file the task asks for. It now reads:\n42\n');
    expect(written).toContain('your next reply is the final answer');
    // The reads of the files it names say nothing of the kind.
    expect(toolResults(h)[0]).not.toContain('asks for');
  });

  it('L3 a patch of the asked file says so too; its own result already shows the lines', async () => {
    const h = harness(
      [
        tool('write_file', { path: 'TOTAL.txt', content: '42' }),
        tool('patch_file', { path: 'TOTAL.txt', old_text: '', new_text: '42 + 25 = ' }),
        final('47'),
      ],
      { files },
    );
    await h.agent.run(task);
    const patched = toolResults(h)[1];
    expect(patched).toContain('TOTAL.txt is the file the task asks for. If that is all the task asks');
    expect(patched).not.toContain('It now reads');
  });

  it('L3 a long write is shown cut; a refused write, another file and a task that asks for no new file say nothing', async () => {
    const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
    const cut = harness([tool('write_file', { path: 'TOTAL.txt', content: long }), final('x')], { files });
    await cut.agent.run(task);
    expect(toolResults(cut)[0]).toContain('line 7\n[… cut]');
    expect(toolResults(cut)[0]).not.toContain('line 8');

    const other = harness(
      [tool('write_file', { path: 'notes.txt', content: '42' }), tool('write_file', { path: 'TOTAL.txt' }), final('x')],
      { files },
    );
    await other.agent.run(task);
    for (const result of toolResults(other)) expect(result).not.toContain('the file the task asks for');

    const edit = harness([tool('write_file', { path: 'a.json', content: '{ "count": 1 }' }), final('x')], {
      files,
    });
    await edit.agent.run('Set the count in a.json to 1.');
    expect(toolResults(edit)[0]).not.toContain('the file the task asks for');
  });
});
