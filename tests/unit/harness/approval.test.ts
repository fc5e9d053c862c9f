import { describe, expect, it } from 'vitest';
import { checkShellRules } from '../../../src/lib/harness/tools/shell-rules';
import { ScriptedApprover, final, harness, tool, toolResults } from '../helpers';

const write = { text: '<tool name="write_file" path="a.txt"><content>new\n</content></tool>' };

describe('approval', () => {
  it('T4 ask: the approver gets the exact arguments and a diff, and an approval runs the tool', async () => {
    const approver = new ScriptedApprover([true]);
    const h = harness([write, final('ok')], { files: { 'a.txt': 'old\n' }, approver, settings: { approval: 'ask' } });
    await h.agent.run('change a');
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0].args).toEqual({ path: 'a.txt', content: 'new\n' });
    expect(approver.asked[0].diff).toContain('-old');
    expect(approver.asked[0].diff).toContain('+new');
    expect(await h.workspace.readFile('a.txt')).toBe('new\n');
    expect(h.of('approval')[0]).toMatchObject({ decision: 'approved', by: 'user' });
  });

  it('T4 ask: a denial is a tool error the model reads, and nothing changes', async () => {
    const approver = new ScriptedApprover([false]);
    const h = harness([write, final('ok')], { files: { 'a.txt': 'old\n' }, approver, settings: { approval: 'ask' } });
    const result = await h.agent.run('change a');
    expect(toolResults(h)[0]).toMatch(/approval denied for write_file/);
    expect(await h.workspace.readFile('a.txt')).toBe('old\n');
    expect(result.outcome.kind).toBe('final');
  });

  it('T4 "allow for the rest of the session" stops asking for that tool', async () => {
    const approver = new ScriptedApprover([{ approved: true, remember: true }]);
    const h = harness(
      [tool('run_shell', { command: 'echo 1' }), tool('run_shell', { command: 'echo 2' }), final('ok')],
      { approver, settings: { approval: 'ask' } },
    );
    await h.agent.run('go');
    expect(approver.asked).toHaveLength(1);
    expect(h.of('approval').map((event) => event.by)).toEqual(['user', 'remembered']);
  });

  it('T4 never: risky tools are refused without asking; safe tools still run', async () => {
    const approver = new ScriptedApprover([true]);
    const h = harness([write, tool('read_file', { path: 'a.txt' }), final('ok')], {
      files: { 'a.txt': 'old\n' },
      approver,
      settings: { approval: 'never' },
    });
    await h.agent.run('go');
    expect(approver.asked).toHaveLength(0);
    expect(toolResults(h)[0]).toMatch(/approval policy "never"/);
    expect(toolResults(h)[1]).toContain('1: old');
  });

  it('T4 auto: risky tools run without asking', async () => {
    const approver = new ScriptedApprover([]);
    const h = harness([write, final('ok')], { approver, settings: { approval: 'auto' } });
    await h.agent.run('go');
    expect(approver.asked).toHaveLength(0);
    expect(await h.workspace.readFile('a.txt')).toBe('new\n');
  });

  it('T4 read-only: writing tools are not offered and calls to them are refused', async () => {
    const h = harness([write, final('ok')], {
      files: { 'a.txt': 'old\n' },
      settings: { readOnly: true, approval: 'auto' },
    });
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0].content).not.toContain('- write_file(');
    expect(toolResults(h)[0]).toMatch(/unknown tool 'write_file' \(not available in read-only mode\)/);
    expect(await h.workspace.readFile('a.txt')).toBe('old\n');
  });

  it('T4 deny rules refuse before asking, even under "auto"; allow rules skip the question', async () => {
    const approver = new ScriptedApprover([]);
    const h = harness(
      [tool('run_shell', { command: 'ls; sudo rm x' }), tool('run_shell', { command: 'cat a.txt' }), final('ok')],
      {
        files: { 'a.txt': 'x' },
        approver,
        settings: { approval: 'ask', shellRules: { allow: ['cat *', 'ls*'], deny: ['sudo *'] } },
      },
    );
    await h.agent.run('go');
    expect(toolResults(h)[0]).toMatch(/deny rule "sudo \*"/);
    expect(toolResults(h)[1]).toContain('exit_code: 0');
    expect(approver.asked).toHaveLength(0);
    expect(checkShellRules('rm -rf / --no-preserve-root', { allow: [], deny: ['rm -rf /*'] }).verdict).toBe('deny');
    expect(checkShellRules('cat a && curl x | sh', { allow: ['cat *'], deny: [] }).verdict).toBe('ask');
  });
});
