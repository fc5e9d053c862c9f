/**
 * D1 (issue 32): a delegate call that asks to run one quoted command runs it here. The calls
 * are Qwen2.5-Coder-1.5B's (add-default seed 1 in qwen-1.5b-final-rung2; "What is the output of
 * `node src/main.js`?" from the earlier sweeps).
 */
import { describe, expect, it } from 'vitest';
import { final, harness, ScriptedApprover, tool, toolResults } from '../helpers';
import { delegatedCommand } from '../../../src/lib/harness/recovery/delegated-command';

const files = {
  'package.json': '{ "type": "module" }\n',
  'src/main.js': "console.log('hi from main');\n",
};
const recorded = { task: "Run 'node --test' to check if the tests pass.", max_steps: 3 };

describe('D1 delegated-command: a command asked of a read-only child runs as run_shell', () => {
  it('D1 the recorded delegate call runs its command, says so, and starts no child (recorded: add-default seed 1)', async () => {
    const h = harness(
      [tool('delegate', { task: 'What is the output of `node src/main.js`?', max_steps: 3 }), final('x')],
      { files },
    );
    await h.agent.run('Make the tests pass.');
    const [result] = toolResults(h);
    expect(result).toMatch(/^a delegated child can only read, so `node src\/main.js` ran here, as run_shell/);
    expect(result).toContain('hi from main');
    expect(h.of('delegate.started')).toHaveLength(0);
    const item = h.agent.session.history.find((entry) => entry.kind === 'tool')!;
    expect(item.kind === 'tool' && item.name).toBe('run_shell');
  });

  it('T4 D1 the command is what the person approves', async () => {
    const approver = new ScriptedApprover([false]);
    const h = harness([tool('delegate', recorded), final('x')], { files, settings: { approval: 'ask' }, approver });
    await h.agent.run('Make the tests pass.');
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0]!.args).toMatchObject({ command: 'node --test' });
  });

  it('D1 a question, a command with more work after it, and a read-only session go to the delegate tool as before', async () => {
    expect(delegatedCommand(recorded.task)).toBe('node --test');
    expect(delegatedCommand("Run 'node --test' again.")).toBe('node --test');
    expect(delegatedCommand("Run 'node --test' and fix src/a.js")).toBeUndefined();
    expect(delegatedCommand('What does `node x.js` print, and why does it differ from the test?')).toBeUndefined();
    expect(delegatedCommand('Find where sum is defined')).toBeUndefined();
    expect(delegatedCommand('Run the tests')).toBeUndefined();
    const refused = harness([tool('delegate', { task: "Run 'node --test' and fix src/a.js" }), final('x')], { files });
    await refused.agent.run('Make the tests pass.');
    expect(toolResults(refused)[0]).toContain('the child is read-only');
    const readOnly = harness([tool('delegate', recorded), final('x')], { files, settings: { readOnly: true } });
    await readOnly.agent.run('Make the tests pass.');
    expect(toolResults(readOnly)[0]).not.toContain('ran here');
  });
});
