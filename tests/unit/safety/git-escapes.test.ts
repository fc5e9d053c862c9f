/**
 * W3 T4: git on the directory backend goes through the link-checked layer. A `.git`
 * that is a link to another repository, or a `gitdir:` file pointing at one, is refused with a
 * message: nothing of that repository reaches the model, and checkpoints write nothing into it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { gitTools } from '../../../src/lib/workspace/git/git-tools';
import { Checkpoints } from '../../../src/lib/workspace/git/checkpoints';
import { GitRepository } from '../../../src/lib/workspace/git/git-repository';
import { final, harness, tool, toolResults } from '../helpers';

const secret = 'OUTSIDE-REPO-SECRET-4711';

/** An outside repository whose HEAD holds a secret, and a workspace whose .git leads to it. */
function setup(kind: 'link' | 'gitdir') {
  const base = mkdtempSync(path.join(tmpdir(), 'harness-git-escape-'));
  const outside = path.join(base, 'outside');
  const root = path.join(base, 'workspace');
  mkdirSync(outside);
  mkdirSync(root);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: outside, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(outside, 'secret.txt'), `${secret}\n`);
  git('add', '.');
  git('-c', 'user.name=o', '-c', 'user.email=o@o', 'commit', '-qm', `commit with ${secret}`);
  if (kind === 'link') symlinkSync(path.join(outside, '.git'), path.join(root, '.git'));
  else writeFileSync(path.join(root, '.git'), `gitdir: ${path.join(outside, '.git')}\n`);
  writeFileSync(path.join(root, 'secret.txt'), 'changed inside\n');
  const refsBefore = git('for-each-ref');
  return { root, outside, workspace: new NodeDirectoryWorkspace(root), refs: () => git('for-each-ref'), refsBefore };
}

describe('W3 git cannot leave the directory workspace', () => {
  for (const kind of ['link', 'gitdir'] as const) {
    it(`W3 a .git ${kind === 'link' ? 'link' : 'gitdir: file'} to an outside repository: git status, diff and log are refused, nothing of it reaches the model`, async () => {
      const { workspace, refs, refsBefore } = setup(kind);
      const { fs, dir } = workspace.gitFs();
      const h = harness(
        [
          tool('git', { action: 'diff' }),
          tool('git', { action: 'log' }),
          tool('git', { action: 'status' }),
          tool('git_commit', { message: 'x' }),
          final('done'),
        ],
        { workspace, agent: { extraTools: gitTools({ fs, dir, workspace }) } },
      );
      await h.agent.run('look at the repository');
      const results = toolResults(h);
      expect(results).toHaveLength(4);
      for (const result of results) expect(result).toMatch(/git refused: \.git is a (link|file)/);
      const sent = JSON.stringify(h.model.requests);
      expect(sent).not.toContain(secret);
      const context = await workspace.repoContext();
      expect(context.repository).toBe(false);
      expect(context.note).toMatch(/git refused/);
      expect(JSON.stringify(context)).not.toContain(secret);
      expect(refs()).toBe(refsBefore);
    });

    it(`W3 checkpoints write nothing into an outside repository reached by a .git ${kind}`, async () => {
      const { workspace, outside, refs, refsBefore } = setup(kind);
      const { fs, dir } = workspace.gitFs();
      expect(await new GitRepository(fs, dir).exists()).toBe(false);
      await expect(new Checkpoints(fs, dir, workspace).create('s1', 0, 'baseline')).rejects.toThrow(/git refused/);
      expect(refs()).toBe(refsBefore);
      expect(existsSync(path.join(outside, '.git', 'refs', 'harness'))).toBe(false);
      // Even past the check, the file layer refuses any path outside the workspace.
      await expect(fs.promises.readFile(path.join(outside, '.git', 'HEAD'))).rejects.toThrow(/outside the workspace/);
    });
  }

  it('W3 a .git folder inside the workspace (and a gitdir: file pointing inside) still works', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'harness-git-inside-'));
    writeFileSync(path.join(base, 'a.txt'), 'a\n');
    const workspace = new NodeDirectoryWorkspace(base);
    const { fs, dir } = workspace.gitFs();
    const repository = new GitRepository(fs, dir);
    await repository.ensure();
    await repository.add(['.']);
    await repository.commit('first');
    expect(await repository.log()).toHaveLength(1);
    mkdirSync(path.join(base, 'sub'));
    symlinkSync(path.join(base, '.git'), path.join(base, 'sub', 'linked'));
    writeFileSync(path.join(base, 'sub', '.git'), 'gitdir: linked\n');
    expect(await new GitRepository(fs, path.join(dir, 'sub')).problem()).toBeUndefined();
  });
});
