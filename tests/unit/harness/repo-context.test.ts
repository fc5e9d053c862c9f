import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { final, harness } from '../helpers';

function gitRepo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'harness-git-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root });
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(root, 'README.md'), '# Repo\nUse node --test.\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first commit');
  writeFileSync(path.join(root, 'new.txt'), 'x');
  return root;
}

describe('repo context', () => {
  it('W4 the Node workspace reports branch, status, last commits and docs from git', async () => {
    const context = await new NodeDirectoryWorkspace(gitRepo()).repoContext();
    expect(context).toMatchObject({ repository: true, branch: 'main', defaultBranch: 'main' });
    expect(context.status).toContain('?? new.txt');
    expect(context.recentCommits[0]).toMatch(/first commit$/);
    expect(context.docs[0]).toMatchObject({ path: 'README.md', text: expect.stringContaining('node --test') });
  });

  it('W4 a workspace without git says so instead of failing', async () => {
    const context = await new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-nogit-'))).repoContext();
    expect(context.repository).toBe(false);
    expect(context.note).toMatch(/no git repository|git unavailable/);
    expect((await new MemoryWorkspace().repoContext()).note).toContain('not a git repository');
  });

  it("W4 W5 the prompt shows the live repo context and the backend's own description", async () => {
    const h = harness([final('ok')], { workspace: new NodeDirectoryWorkspace(gitRepo()) });
    await h.agent.run('go');
    const system = h.model.requests[0].messages[0].content;
    expect(system).toContain('- branch: main (default: main)');
    expect(system).toContain('?? new.txt');
    expect(system).toContain('first commit');
    expect(system).toContain('backend: node-directory');
    expect(system).toContain('"command":"node --test"');
  });
});
