/**
 * D1: a delegate call that asks to run one quoted command runs it here. The calls
 * are Qwen2.5-Coder-1.5B's (add-default seed 1 in qwen-1.5b-final-rung2; "What is the output of
 * `node src/main.js`?" from the earlier sweeps).
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, ScriptedApprover, tool, toolResults } from '../helpers';
import { delegatedCommand, delegatedFile } from '../../../src/lib/harness/guards/delegated-call';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';

const files = {
  'package.json': '{ "type": "module" }\n',
  'src/main.js': "console.log('hi from main');\n",
};
const recorded = { task: "Run 'node --test' to check if the tests pass.", max_steps: 3 };

describe('D1 delegated-call: a command or a file asked of a read-only child is run or read here', () => {
  it('D1 the recorded delegate call runs its command, says so, and starts no child (recorded: add-default seed 1)', async () => {
    const h = tunedHarness(
      [tool('delegate', { task: 'What is the output of `node src/main.js`?', max_steps: 3 }), final('x')],
      { files },
    );
    await h.agent.run('Make the tests pass.');
    const [result] = toolResults(h);
    expect(result).toMatch(/^a delegated child is not needed for this: `node src\/main.js` ran here, as run_shell/);
    expect(result).toContain('hi from main');
    expect(h.of('delegate.started')).toHaveLength(0);
    const item = h.agent.session.history.find((entry) => entry.kind === 'tool')!;
    expect(item.kind === 'tool' && item.name).toBe('run_shell');
  });

  it('T4 D1 the command is what the person approves', async () => {
    const approver = new ScriptedApprover([false]);
    const h = tunedHarness([tool('delegate', recorded), final('x')], {
      files,
      settings: { approval: 'ask' },
      approver,
    });
    await h.agent.run('Make the tests pass.');
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0]!.args).toMatchObject({ command: 'node --test' });
  });

  it('D1 a question, a command with more work after it, and a read-only session go to the delegate tool as before', async () => {
    expect(delegatedCommand(recorded.task)).toBe('node --test');
    expect(delegatedCommand("Run 'node --test' again.")).toBe('node --test');
    // Recorded the same run, after the first was rewritten: "again" and a purpose together.
    expect(delegatedCommand("Run 'node --test' again to check if the tests pass.")).toBe('node --test');
    expect(delegatedCommand("Run 'node --test' and fix src/a.js")).toBeUndefined();
    expect(delegatedCommand('What does `node x.js` print, and why does it differ from the test?')).toBeUndefined();
    expect(delegatedCommand('Find where sum is defined')).toBeUndefined();
    expect(delegatedCommand('Run the tests')).toBeUndefined();
    const refused = tunedHarness([tool('delegate', { task: "Run 'node --test' and fix src/a.js" }), final('x')], {
      files,
    });
    await refused.agent.run('Make the tests pass.');
    expect(toolResults(refused)[0]).toContain('the child is read-only');
    const readOnly = tunedHarness([tool('delegate', recorded), final('x')], { files, settings: { readOnly: true } });
    await readOnly.agent.run('Make the tests pass.');
    expect(toolResults(readOnly)[0]).not.toContain('ran here');
  });

  it("D1 a question for a file's content reads the file, found by its name when the path is short (recorded: add-missing-export seed 3)", async () => {
    const shapes = { 'src/shapes.js': 'export function circle() {}\nfunction square(n) { return n * n; }\n' };
    const h = tunedHarness(
      [tool('delegate', { task: 'What is the content of shapes.js?', max_steps: 3 }), final('x')],
      {
        files: shapes,
      },
    );
    await h.agent.run('Export square from src/shapes.js.');
    expect(toolResults(h)[0]).toMatch(
      /^a delegated child is not needed for this: src\/shapes.js was read here, as read_file/,
    );
    expect(toolResults(h)[0]).toContain('function square(n)');
    expect(h.of('delegate.started')).toHaveLength(0);
  });

  it('D1 a file question with no such file, two files of that name, or more than the name goes to the child', async () => {
    const two = new MemoryWorkspace({ files: { 'a/x.js': '', 'b/x.js': '', 'src/shapes.js': '' } });
    expect(await delegatedFile('What is the current content of src/shapes.js?', two)).toBe('src/shapes.js');
    expect(await delegatedFile('Show shapes.js', two)).toBe('src/shapes.js');
    expect(await delegatedFile('What is the content of x.js?', two)).toBeUndefined();
    expect(await delegatedFile('What is the content of missing.js?', two)).toBeUndefined();
    expect(await delegatedFile('What is in shapes.js that exports circle, and why?', two)).toBeUndefined();
    expect(await delegatedFile('Find where square is defined', two)).toBeUndefined();
  });
});
