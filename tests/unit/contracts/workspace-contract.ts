/**
 * W1–W3: the Workspace contract, run against every backend that can run here. Each backend
 * supplies a factory and a way to make a link (links are not part of the port).
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../src/lib/harness/ports';
import { WorkspaceError } from '../../../src/lib/harness/workspace-error';

export interface WorkspaceFixture {
  create(files: Record<string, string>): Promise<Workspace>;
  /** Makes `link` (relative to the root) point at `target`; absent where the backend cannot see links. */
  symlink?: (workspace: Workspace, target: string, link: string) => Promise<void>;
  /** Why links are not checked, when `symlink` is absent (printed with the skipped test). */
  noLinks?: string;
  /** A command that runs until killed, and one that floods output. */
  forever: string;
  flood: string;
}

async function rejection(promise: Promise<unknown>): Promise<WorkspaceError> {
  try {
    await promise;
  } catch (error) {
    return error as WorkspaceError;
  }
  throw new Error('expected a rejection');
}

export function workspaceContract(name: string, fixture: WorkspaceFixture): void {
  describe(`Workspace contract: ${name}`, () => {
    it('W2 reads, writes, lists, stats, makes folders, removes and renames', async () => {
      const workspace = await fixture.create({ 'a.txt': 'alpha\n', 'src/b.js': 'export const b = 1;\n' });
      expect(await workspace.readFile('a.txt')).toBe('alpha\n');
      await workspace.writeFile('deep/new/c.txt', 'gamma');
      expect(await workspace.readFile('deep/new/c.txt')).toBe('gamma');
      const names = (await workspace.readdir('.')).map((entry) => `${entry.kind}:${entry.name}`).sort();
      expect(names).toEqual(expect.arrayContaining(['file:a.txt', 'directory:src', 'directory:deep']));
      expect((await workspace.stat('src/b.js'))?.kind).toBe('file');
      expect((await workspace.stat('src'))?.kind).toBe('directory');
      expect(await workspace.stat('missing.txt')).toBeNull();
      await workspace.mkdir('empty/dir');
      expect((await workspace.stat('empty/dir'))?.kind).toBe('directory');
      await workspace.rename('a.txt', 'moved/a.txt');
      expect(await workspace.stat('a.txt')).toBeNull();
      expect(await workspace.readFile('moved/a.txt')).toBe('alpha\n');
      await workspace.remove('deep');
      expect(await workspace.stat('deep/new/c.txt')).toBeNull();
    });

    it('W2 reading a missing file or a folder rejects with a WorkspaceError naming the path', async () => {
      const workspace = await fixture.create({ 'src/x.js': '' });
      const missing = await rejection(workspace.readFile('nope.txt'));
      expect(missing).toBeInstanceOf(WorkspaceError);
      expect(missing.code).toBe('not_found');
      expect(missing.message).toContain('nope.txt');
      expect((await rejection(workspace.readFile('src'))).code).toBe('not_a_file');
      expect((await rejection(workspace.readdir('src/x.js'))).code).toBe('not_a_directory');
    });

    it('W2 exec returns exit code, stdout and stderr, in the root or a cwd', async () => {
      const workspace = await fixture.create({ 'sub/f.txt': 'inside' });
      const result = await workspace.exec('echo out; echo err 1>&2; exit 3');
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toContain('out');
      expect(result.merged ? result.stdout : result.stderr).toContain('err');
      expect(result.timedOut).toBe(false);
      const inSub = await workspace.exec('cat f.txt', { cwd: 'sub' });
      expect(inSub.stdout).toContain('inside');
      const written = await workspace.exec('echo made > made.txt');
      expect(written.exitCode).toBe(0);
      expect(await workspace.readFile('made.txt')).toBe('made\n');
    });

    it('W2 a command past its timeout is killed and says so', async () => {
      const workspace = await fixture.create({});
      const result = await workspace.exec(fixture.forever, { timeoutMs: 300 });
      expect(result.timedOut).toBe(true);
      expect(result.exitCode).not.toBe(0);
    });

    it('W2 an aborted command is killed and says so', async () => {
      const workspace = await fixture.create({});
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const result = await workspace.exec(fixture.forever, { timeoutMs: 20000, signal: controller.signal });
      expect(result.aborted).toBe(true);
      expect(result.durationMs).toBeLessThan(15000);
    });

    it('W2 a command that floods output is bounded', async () => {
      const workspace = await fixture.create({});
      const result = await workspace.exec(fixture.flood, { timeoutMs: 10000 });
      expect(result.stdout.length).toBeLessThanOrEqual(1_000_000);
    });

    it('W3 refuses .., absolute paths and home paths with an error naming the path', async () => {
      const workspace = await fixture.create({ 'a.txt': 'a' });
      for (const path of ['../outside.txt', 'src/../../x', '/etc/passwd', '~/.ssh/id_rsa']) {
        const error = await rejection(workspace.readFile(path));
        expect(error.code).toBe('outside_root');
        expect(error.message).toContain(path);
        expect((await rejection(workspace.writeFile(path, 'x'))).code).toBe('outside_root');
      }
      expect(await workspace.readFile('src/../a.txt')).toBe('a');
    });

    it.skipIf(!fixture.symlink)(`W3 refuses links that leave the root, and follows links that stay inside${fixture.noLinks ? ` (skipped: ${fixture.noLinks})` : ''}`, async () => {
      const symlink = fixture.symlink!;
      const workspace = await fixture.create({ 'real.txt': 'real', 'dir/inner.txt': 'inner' });
      await symlink(workspace, '/etc/hostname', 'escape');
      await symlink(workspace, '../../..', 'dir/up');
      await symlink(workspace, 'real.txt', 'alias.txt');
      expect((await rejection(workspace.readFile('escape'))).code).toBe('outside_root');
      expect((await rejection(workspace.writeFile('escape', 'x'))).code).toBe('outside_root');
      expect((await rejection(workspace.readFile('dir/up/etc/hostname'))).code).toBe('outside_root');
      expect((await rejection(workspace.readdir('dir/up'))).code).toBe('outside_root');
      expect(await workspace.readFile('alias.txt')).toBe('real');
    });
  });
}
