import { describe, expect, it } from 'vitest';
import { workspaceContract } from '../contracts/workspace-contract-suite';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { WebContainerWorkspace } from '../../../src/lib/workspace/webcontainer/webcontainer-workspace';
import { bootWebContainer, forgetBootAttempt } from '../../../src/lib/workspace/webcontainer/boot-webcontainer';
import { chooseWorkspace } from '../../../src/lib/workspace/webcontainer/choose-workspace';
import { assemblePrefix } from '../../../src/lib/harness/prompt/assemble-prefix';
import { buildToolset } from '../../../src/lib/harness/tools/tool-registry';
import { final, harness, tool, toolResults } from '../helpers';

workspaceContract('WebContainer adapter over a stand-in of @webcontainer/api', {
  async create(files) {
    return new WebContainerWorkspace(new FakeWebContainer(files));
  },
  noLinks:
    'the WebContainer fs API has no lstat/readlink, so links are not ' +
    'visible to the adapter; the container itself holds no host files',
  forever: 'sleep 30',
  flood: 'seq 1 400000',
});

describe('WebContainer adapter', () => {
  it('W2 commands run as jsh -c in the cwd, and the tool result says stdout and stderr arrive merged', async () => {
    const container = new FakeWebContainer({ 'sub/a.txt': 'a' });
    const workspace = new WebContainerWorkspace(container);
    const h = harness([tool('run_shell', { command: 'cat a.txt; echo oops >&2' }), final('ok')], { workspace });
    await h.agent.run('go');
    expect(container.spawned[0]).toEqual({ command: 'jsh', args: ['-c', 'cat a.txt; echo oops >&2'], cwd: '.' });
    expect(toolResults(h)[0]).toContain('output (stdout and stderr arrive merged on this backend)');
    expect((await workspace.exec('cat a.txt', { cwd: 'sub' })).stdout).toBe('a');
  });

  it('W5 it describes itself truthfully: Node.js and npm, merged output, no git binary', async () => {
    const workspace = new WebContainerWorkspace(new FakeWebContainer());
    const environment = workspace.describe();
    const prefix = assemblePrefix({
      protocol: 'text',
      tools: [
        ...buildToolset({ profile: 'structured', readOnly: false, canDelegate: true, environment }).tools.values(),
      ],
      environment,
      repo: await workspace.repoContext(),
      depth: 0,
    });
    expect(prefix.text).toContain('backend: webcontainer');
    expect(prefix.text).toContain('stdout and stderr of a command arrive merged');
    expect(prefix.text).toContain('"command":"npm test"');
  });

  it('dev-server port and server-ready events reach the app for a preview; teardown unsubscribes', () => {
    const container = new FakeWebContainer();
    const ready: string[] = [];
    const workspace = new WebContainerWorkspace(container, {
      onServerReady: (port, url) => ready.push(`${port} ${url}`),
      onPort: (port, type) => ready.push(`${type} ${port}`),
    });
    container.emit('port', 5173, 'open', 'https://x.local');
    container.emit('server-ready', 5173, 'https://x.local');
    workspace.teardown();
    container.emit('server-ready', 1, 'late');
    expect(ready).toEqual(['open 5173', '5173 https://x.local']);
    expect(container.tornDown).toBe(true);
  });

  it('W1 boot() is raced against a timeout (it never settles offline) and the failure is remembered with its reason', async () => {
    forgetBootAttempt();
    let calls = 0;
    const hang = () => (calls++, new Promise<never>(() => undefined));
    const first = await bootWebContainer({ timeoutMs: 50, coep: 'credentialless', isolated: true, boot: hang });
    expect(first).toMatchObject({
      ok: false,
      reason: expect.stringContaining("did not start within 0 s: its runtime comes from StackBlitz's servers"),
    });
    await bootWebContainer({ timeoutMs: 50, coep: 'credentialless', isolated: true, boot: hang });
    expect(calls).toBe(1); // one boot per page: a retry would hang too
    forgetBootAttempt();
    expect(
      await bootWebContainer({ timeoutMs: 50, coep: 'credentialless', isolated: false, boot: hang }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('not cross-origin isolated') });
    forgetBootAttempt();
    const booted = await bootWebContainer({
      timeoutMs: 1000,
      coep: 'credentialless',
      isolated: true,
      boot: async () => new FakeWebContainer(),
    });
    expect(booted.ok).toBe(true);
    forgetBootAttempt();
  });

  it('W1 auto tries WebContainer when isolated and falls back with the reason; the forced choices are honoured', async () => {
    forgetBootAttempt();
    const failing = {
      timeoutMs: 20,
      coep: 'credentialless' as const,
      isolated: true,
      boot: () => new Promise<never>(() => undefined),
    };
    expect(await chooseWorkspace('auto', failing)).toMatchObject({
      backend: 'offline',
      reason: expect.stringContaining('auto: WebContainer did not start'),
    });
    forgetBootAttempt();
    expect(await chooseWorkspace('offline', failing)).toEqual({ backend: 'offline', reason: 'chosen in Settings' });
    forgetBootAttempt();
    expect(await chooseWorkspace('webcontainer', failing)).toMatchObject({
      backend: 'offline',
      reason: expect.stringContaining('WebContainer was asked for, but'),
    });
    forgetBootAttempt();
    const working = { ...failing, boot: async () => new FakeWebContainer() };
    const chosen = await chooseWorkspace('auto', working);
    expect(chosen.backend).toBe('webcontainer');
    forgetBootAttempt();
  });
});

describe('git over the WebContainer fs API', () => {
  it('W4 the git tools, repo context and checkpoints work over the container files (stand-in)', async () => {
    const { gitTools } = await import('../../../src/lib/workspace/git/git-tools');
    const { Checkpoints } = await import('../../../src/lib/workspace/git/checkpoints');
    const workspace = new WebContainerWorkspace(new FakeWebContainer({ 'a.txt': 'one\n' }));
    const { fs, dir } = workspace.gitFs();
    const h = harness(
      [
        tool('git_commit', { message: 'first' }),
        tool('write_file', { path: 'a.txt', content: 'two\n' }),
        tool('git', { action: 'status' }),
        final('ok'),
      ],
      {
        workspace,
        agent: { extraTools: gitTools({ fs, dir, workspace }) },
      },
    );
    await h.agent.run('commit then change');
    expect(toolResults(h)[0]).toMatch(/committed [0-9a-f]{7} on main: first \(1 file\)/);
    expect(toolResults(h)[2]).toContain(' M a.txt');
    expect(await workspace.repoContext()).toMatchObject({ repository: true, branch: 'main', status: ' M a.txt' });
    const checkpoints = new Checkpoints(fs, dir, workspace);
    const first = await checkpoints.create('s', 1);
    await workspace.writeFile('a.txt', 'three\n');
    await checkpoints.create('s', 2);
    await checkpoints.restore('s', first.oid, 3);
    expect(await workspace.readFile('a.txt')).toBe('two\n');
  });
});
