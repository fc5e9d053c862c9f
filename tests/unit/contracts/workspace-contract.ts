/**
 * W1–W3: the Workspace contract, run against every backend that can run here. Each backend
 * supplies a factory and a way to make a link (links are not part of the port).
 */
import { expect } from 'chai';
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

export interface WorkspaceCheck {
  name: string;
  /** Why it cannot run against this fixture, if it cannot. */
  skip?: string;
  run(): Promise<void>;
}

/** The checks as plain async functions, so they run in vitest and inside a real browser page. */
export function workspaceChecks(fixture: WorkspaceFixture): WorkspaceCheck[] {
  const checks: WorkspaceCheck[] = [];
  const it = (name: string, run: () => Promise<void>) => checks.push({ name, run });
  {
    it('W2 reads, writes, lists, stats, makes folders, removes and renames', async () => {
      const workspace = await fixture.create({ 'a.txt': 'alpha\n', 'src/b.js': 'export const b = 1;\n' });
      expect(await workspace.readFile('a.txt')).to.equal('alpha\n');
      await workspace.writeFile('deep/new/c.txt', 'gamma');
      expect(await workspace.readFile('deep/new/c.txt')).to.equal('gamma');
      const names = (await workspace.readdir('.')).map((entry) => `${entry.kind}:${entry.name}`).sort();
      expect(names).to.include.members(['file:a.txt', 'directory:src', 'directory:deep']);
      expect((await workspace.stat('src/b.js'))?.kind).to.equal('file');
      expect((await workspace.stat('src'))?.kind).to.equal('directory');
      expect(await workspace.stat('missing.txt')).to.equal(null);
      await workspace.mkdir('empty/dir');
      expect((await workspace.stat('empty/dir'))?.kind).to.equal('directory');
      await workspace.rename('a.txt', 'moved/a.txt');
      expect(await workspace.stat('a.txt')).to.equal(null);
      expect(await workspace.readFile('moved/a.txt')).to.equal('alpha\n');
      await workspace.remove('deep');
      expect(await workspace.stat('deep/new/c.txt')).to.equal(null);
    });

    it('W2 reading a missing file or a folder rejects with a WorkspaceError naming the path', async () => {
      const workspace = await fixture.create({ 'src/x.js': '' });
      const missing = await rejection(workspace.readFile('nope.txt'));
      expect(missing).to.be.instanceOf(WorkspaceError);
      expect(missing.code).to.equal('not_found');
      expect(missing.message).to.include('nope.txt');
      expect((await rejection(workspace.readFile('src'))).code).to.equal('not_a_file');
      expect((await rejection(workspace.readdir('src/x.js'))).code).to.equal('not_a_directory');
    });

    it('W2 exec returns exit code, stdout and stderr, in the root or a cwd', async () => {
      const workspace = await fixture.create({ 'sub/f.txt': 'inside' });
      const result = await workspace.exec('echo out; echo err 1>&2; exit 3');
      expect(result.exitCode).to.equal(3);
      expect(result.stdout).to.include('out');
      expect(result.merged ? result.stdout : result.stderr).to.include('err');
      expect(result.timedOut).to.equal(false);
      const inSub = await workspace.exec('cat f.txt', { cwd: 'sub' });
      expect(inSub.stdout).to.include('inside');
      const written = await workspace.exec('echo made > made.txt');
      expect(written.exitCode).to.equal(0);
      expect(await workspace.readFile('made.txt')).to.equal('made\n');
    });

    it('W2 a command past its timeout is killed and says so', async () => {
      const workspace = await fixture.create({});
      const result = await workspace.exec(fixture.forever, { timeoutMs: 300 });
      expect(result.timedOut).to.equal(true);
      expect(result.exitCode).to.not.equal(0);
    });

    it('W2 an aborted command is killed and says so', async () => {
      const workspace = await fixture.create({});
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const result = await workspace.exec(fixture.forever, { timeoutMs: 20000, signal: controller.signal });
      expect(result.aborted).to.equal(true);
      expect(result.durationMs).to.be.below(15000);
    });

    it('W2 a command that floods output is bounded', async () => {
      const workspace = await fixture.create({});
      const result = await workspace.exec(fixture.flood, { timeoutMs: 10000 });
      expect(result.stdout.length).to.be.at.most(1_000_000);
    });

    it('W3 refuses .., absolute paths and home paths with an error naming the path', async () => {
      const workspace = await fixture.create({ 'a.txt': 'a' });
      for (const path of ['../outside.txt', 'src/../../x', '/etc/passwd', '~/.ssh/id_rsa']) {
        const error = await rejection(workspace.readFile(path));
        expect(error.code).to.equal('outside_root');
        expect(error.message).to.include(path);
        expect((await rejection(workspace.writeFile(path, 'x'))).code).to.equal('outside_root');
      }
      expect(await workspace.readFile('src/../a.txt')).to.equal('a');
    });

    checks.push({
      name: 'W3 refuses links that leave the root, and follows links that stay inside',
      ...(fixture.symlink ? {} : { skip: fixture.noLinks ?? 'links not supported' }),
      run: async () => {
        const symlink = fixture.symlink!;
        const workspace = await fixture.create({ 'real.txt': 'real', 'dir/inner.txt': 'inner' });
        await symlink(workspace, '/etc/hostname', 'escape');
        await symlink(workspace, '../../..', 'dir/up');
        await symlink(workspace, 'real.txt', 'alias.txt');
        expect((await rejection(workspace.readFile('escape'))).code).to.equal('outside_root');
        expect((await rejection(workspace.writeFile('escape', 'x'))).code).to.equal('outside_root');
        expect((await rejection(workspace.readFile('dir/up/etc/hostname'))).code).to.equal('outside_root');
        expect((await rejection(workspace.readdir('dir/up'))).code).to.equal('outside_root');
        expect(await workspace.readFile('alias.txt')).to.equal('real');
      },
    });
  }
  return checks;
}
