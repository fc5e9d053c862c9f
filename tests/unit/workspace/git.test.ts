import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { gitTools } from '../../../src/lib/workspace/git/git-tools';
import { Checkpoints } from '../../../src/lib/workspace/git/checkpoints';
import { GitRepository } from '../../../src/lib/workspace/git/git-repository';
import { final, harness, tool, toolResults } from '../helpers';

function withGit(files: Record<string, string> = { 'README.md': '# demo\n', 'src/a.js': 'export const a = 1;\n' }) {
  const workspace = new MemoryWorkspace({ files });
  const { fs, dir } = workspace.gitFs();
  return { workspace, fs, dir };
}

describe('git over the offline workspace (isomorphic-git)', () => {
  it('W4 the agent commits through git_commit; the repo context then shows branch, status and commits', async () => {
    const { workspace, fs, dir } = withGit();
    const h = harness(
      [
        tool('git', { action: 'status' }),
        tool('git_commit', { message: 'Initial commit' }),
        tool('write_file', { path: 'src/a.js', content: 'export const a = 2;\n' }),
        tool('git', { action: 'diff' }),
        final('ok'),
      ],
      { workspace, agent: { extraTools: gitTools({ fs, dir, workspace }) } },
    );
    await h.agent.run('commit and change');
    const results = toolResults(h);
    // T4: reading never creates a repository; the commit does.
    expect(results[0]).toContain('this workspace has no git repository');
    expect(results[1]).toMatch(/committed [0-9a-f]{7} on main: Initial commit \(2 files\)/);
    expect(results[3]).toContain('-export const a = 1;');
    expect(results[3]).toContain('+export const a = 2;');
    const context = await workspace.repoContext();
    expect(context).toMatchObject({ repository: true, branch: 'main', defaultBranch: 'main', status: ' M src/a.js' });
    expect(context.recentCommits[0]).toMatch(/^[0-9a-f]{7} Initial commit$/);
    const next = harness([final('ok')], { workspace });
    await next.agent.run('look');
    expect(next.model.requests[0].messages[0].content).toContain('- status:\n M src/a.js');
  });

  it('W4 git works the same over a real directory (node:fs), alongside the git binary', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-isogit-'));
    writeFileSync(path.join(root, 'x.txt'), 'x');
    const workspace = new NodeDirectoryWorkspace(root);
    const repository = new GitRepository(workspace.gitFs().fs, root);
    await repository.ensure();
    await repository.add(['.']);
    await repository.commit('from isomorphic-git');
    expect(execFileSync('git', ['log', '--oneline'], { cwd: root, encoding: 'utf8' })).toContain('from isomorphic-git');
  });
});

describe('checkpoints', () => {
  it('checkpoints go on the harness ref, never on the user branch; list, diff and restore (undoable)', async () => {
    const { workspace, fs, dir } = withGit();
    const repository = new GitRepository(fs, dir);
    await repository.ensure();
    await repository.add(['.']);
    await repository.commit('user commit');
    const checkpoints = new Checkpoints(fs, dir, workspace);
    const first = await checkpoints.create('s1', 1);
    await workspace.writeFile('src/a.js', 'export const a = 2;\n');
    await workspace.writeFile('src/b.js', 'export const b = 1;\n');
    const second = await checkpoints.create('s1', 2);
    expect((await checkpoints.list('s1')).map((entry) => entry.step)).toEqual([2, 1]);
    expect(await repository.log(10)).toHaveLength(1); // the user's branch is untouched
    expect(await repository.status()).toEqual([' M src/a.js', '?? src/b.js']); // and so is the index
    const diff = await checkpoints.diff(first.oid, second.oid);
    expect(diff.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['modified src/a.js', 'added src/b.js']);
    expect(diff[0].diff).toContain('+export const a = 2;');

    const undo = await checkpoints.restore('s1', first.oid, 3);
    expect(await workspace.readFile('src/a.js')).toBe('export const a = 1;\n');
    expect(await workspace.stat('src/b.js')).toBeNull();
    await checkpoints.restore('s1', undo.oid, 4); // restoring is itself undoable
    expect(await workspace.readFile('src/a.js')).toBe('export const a = 2;\n');
    expect(await workspace.readFile('src/b.js')).toBe('export const b = 1;\n');
    expect((await checkpoints.list('s1')).map((entry) => entry.label)[0]).toMatch(/^before restoring/);
  });

  it('a workspace without a repository gets one on first use', async () => {
    const { workspace, fs, dir } = withGit({ 'a.txt': 'a' });
    expect((await workspace.repoContext()).repository).toBe(false);
    await new Checkpoints(fs, dir, workspace).create('s', 1);
    expect((await workspace.repoContext()).repository).toBe(true);
  });
});
