/**
 * T4: every tool has its true risk. Tools that change persistent state (a git repository, the
 * task board, the long-term memory file) are writes: read-only sessions and delegated children do
 * not get them, and approval applies.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, ScriptedApprover, tool, toolResults } from '../helpers';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { gitTools } from '../../../src/lib/workspace/git/git-tools';
import { MemoryTaskStore } from '../../../src/lib/store/memory-task-store';

function gitWorkspace() {
  const workspace = new MemoryWorkspace({ files: { 'a.txt': 'x' } });
  const { fs, dir } = workspace.gitFs();
  return { workspace, extraTools: gitTools({ fs, dir, workspace }) };
}

describe('T4 tools carry their true risk', () => {
  it('T4 the git read tool never creates a repository, in read-only mode or not', async () => {
    for (const readOnly of [false, true]) {
      const { workspace, extraTools } = gitWorkspace();
      const h = harness([tool('git', { action: 'status' }), tool('git', { action: 'log' }), final('ok')], {
        workspace,
        settings: { readOnly },
        agent: { extraTools },
      });
      await h.agent.run('look');
      expect(toolResults(h)[0]).toContain('no git repository');
      expect(await workspace.stat('.git')).toBeNull();
    }
  });

  it('T4 changing the task board is a write: absent in read-only sessions and in delegated children', async () => {
    const tasks = new MemoryTaskStore();
    const readOnly = harness([tool('create_task', { subject: 'planted' }), tool('list_tasks'), final('ok')], {
      settings: { readOnly: true },
      agent: { tasks },
    });
    await readOnly.agent.run('plan');
    expect(toolResults(readOnly)[0]).toMatch(/unknown tool 'create_task'/);
    expect(toolResults(readOnly)[1]).toContain('(no tasks)');

    const child = harness(
      [
        tool('delegate', { task: 'plan', max_steps: 2 }),
        tool('create_task', { subject: 'from the child' }),
        final('child'),
        final('parent'),
      ],
      { agent: { tasks } },
    );
    await child.agent.run('go');
    expect(await tasks.list()).toEqual([]);
  });

  it('T4 a task tool that changes the board asks for approval under "ask"', async () => {
    const tasks = new MemoryTaskStore();
    const approver = new ScriptedApprover([false]);
    const h = harness([tool('create_task', { subject: 'x' }), final('ok')], {
      approver,
      settings: { approval: 'ask' },
      agent: { tasks },
    });
    await h.agent.run('plan');
    expect(approver.asked.map((request) => request.tool)).toEqual(['create_task']);
    expect(await tasks.list()).toEqual([]);
  });

  it('T4 S5 a long-term note asks for approval and is refused in read-only mode; a session note is safe', async () => {
    const approver = new ScriptedApprover([false]);
    const h = harness(
      [tool('note', { text: 'remember me', long_term: true }), tool('note', { text: 'just for now' }), final('ok')],
      { approver, settings: { approval: 'ask' } },
    );
    await h.agent.run('note');
    expect(approver.asked.map((request) => request.args)).toEqual([{ text: 'remember me', long_term: true }]);
    expect(await h.workspace.stat('.harness/MEMORY.md')).toBeNull();
    expect(toolResults(h)[1]).toContain('noted: just for now');

    const readOnly = harness([tool('note', { text: 'planted for later sessions', long_term: true }), final('ok')], {
      settings: { readOnly: true, approval: 'auto' },
    });
    await readOnly.agent.run('note');
    expect(toolResults(readOnly)[0]).toContain('read-only');
    expect(await readOnly.workspace.stat('.harness/MEMORY.md')).toBeNull();
  });
});
