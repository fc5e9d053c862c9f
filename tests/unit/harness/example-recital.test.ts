/**
 * T5 example-recital: the prompt's examples called in the order they are listed. The
 * calls are Qwen2.5-Coder-1.5B's in done-check (constrained, default profile, seeds 1–3 alike): a
 * failed test run, then the write_file, patch_file, delegate and note examples with their
 * placeholders, then the task tools' examples.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool, toolResults } from '../helpers';
import { recitalBeforeStop } from '../../../src/lib/harness/guards/example-recital';
import { MemoryTaskStore } from '../../../src/lib/store/memory-task-store';

const task = 'Make all tests pass. Your final answer is only accepted when `node --test` passes.';
const files = {
  'src/clamp.js': 'export function clamp(value, low, high) {\n  return Math.max(low, value);\n}\n',
  'test/clamp.test.js': "import { clamp } from '../src/clamp.js';\n",
  // What `node --test` printed, for the offline shell to print again.
  'report.txt': '✔ low (0ms)\n✖ high (0ms)\n  AssertionError: Expected values to be strictly equal:\n  9 !== 5\n',
};
// The test run, as the offline shell can give it: Node's report of the failing test, exit 1.
const failingRun = tool('run_shell', { command: 'cat report.txt; exit 1' });
const recital = [
  tool('write_file', { path: 'src/clamp.js', content: '<the whole new text of the file>' }),
  tool('patch_file', {
    path: 'src/clamp.js',
    old_text: '<the exact text to replace, copied from the file>',
    new_text: '<the text to put in its place>',
  }),
  tool('delegate', { task: '<a question a read-only helper can answer by reading files>', max_steps: 3 }),
  tool('note', { text: '<a fact to keep for later steps>', long_term: false }),
  tool('create_task', { subject: 'Write tests for parse()', description: 'cover empty input', blocked_by: ['task-1'] }),
  tool('list_tasks', {}),
];

describe('T5 example-recital: the prompt examples called in order are refused with the task', () => {
  it('T5 a copied placeholder is refused with the task, the last failure and the file as it is (recorded: done-check)', async () => {
    const h = tunedHarness(
      [tool('read_file', { path: 'src/clamp.js' }), failingRun, ...recital.slice(0, 2), final('x')],
      {
        files,
      },
    );
    await h.agent.run(task);
    const [, , write, patch] = toolResults(h);
    expect(write).toContain("'content' is the example's placeholder for write_file");
    expect(write).toContain('they are not the steps of this task');
    expect(write).toContain(`The task: ${task}`);
    expect(write).toContain('The last command that failed:');
    expect(write).toContain('✖ high (0ms)');
    expect(write).toContain('9 !== 5');
    expect(write).not.toContain('✔ low');
    expect(write).toContain(
      'src/clamp.js holds now:\nexport function clamp(value, low, high) {\n  return Math.max(low, value);',
    );
    expect(patch).toContain("'old_text' is the example's placeholder for patch_file");
    expect(patch).toContain('old_text is the exact lines to change, copied from the file');
    // Nothing was written.
    expect(await h.workspace.readFile('src/clamp.js')).toBe(files['src/clamp.js']);
  });

  it(`T5 ${recitalBeforeStop} example calls in a row end the run with a repeats limit; one without a placeholder after them is refused too`, async () => {
    const h = tunedHarness([failingRun, ...recital, final('x')], { files });
    const { outcome } = await h.agent.run(task);
    expect(outcome).toMatchObject({ kind: 'limit', limit: 'repeats' });
    expect((outcome as { message: string }).message).toContain(
      `copied the instructions' tool examples ${recitalBeforeStop} times in a row`,
    );
    expect(toolResults(h)).toHaveLength(1 + recitalBeforeStop);

    // Three placeholders, then the create_task example word for word: refused as more of the same.
    const board = new MemoryTaskStore();
    const tasks = tunedHarness([failingRun, recital[0]!, recital[2]!, recital[4]!, final('x')], {
      files,
      agent: { tasks: board },
    });
    await tasks.agent.run(task);
    const created = toolResults(tasks)[3]!;
    expect(created).toContain('this create_task call is its example in your instructions, word for word');
    expect(created).toContain('right after 2 other example calls');
    expect(await board.list()).toHaveLength(0);
  });

  it('T5 an example call that is real work is not refused; a real call in between starts the count afresh', async () => {
    const h = tunedHarness(
      [
        // list_files "." and the read of the workspace's file are what the examples show, and fine to make.
        tool('list_files', { path: '.' }),
        tool('read_file', { path: 'src/clamp.js', start: 1, end: 80 }),
        recital[0]!,
        tool('read_file', { path: 'test/clamp.test.js' }),
        // The create_task example after a real call is a task like any other.
        recital[4]!,
        final('x'),
      ],
      { files, agent: { tasks: new MemoryTaskStore() } },
    );
    await h.agent.run(task);
    const results = toolResults(h);
    expect(results[0]).toContain('src');
    expect(results[1]).toContain('return Math.max(low, value);');
    expect(results[2]).toContain("example's placeholder for write_file");
    // No command failed in this run: the refusal names none.
    expect(results[2]).not.toContain('The last command that failed');
    expect(results[4]).not.toContain('its example in your instructions');
  });

  it('T5 a read that is its example runs even right after a refused placeholder (listing "." is work)', async () => {
    const h = tunedHarness([failingRun, recital[0]!, tool('list_files', { path: '.' }), recital[1]!, final('x')], {
      files,
    });
    await h.agent.run(task);
    const [, , listed, patch] = toolResults(h);
    expect(listed).toContain('[D] src');
    // The count started afresh: the next placeholder is the first refusal again.
    expect(patch).toContain("'old_text' is the example's placeholder for patch_file");
  });
});
