/**
 * T7, W3, T4 in the headless runner: safety settings come only from the command line, sessions
 * live outside the workspace, what is approved on the terminal is what is seen, and the runner is
 * honest that run_shell is not a sandbox.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, fake, lastJson, project, stateDirectory, stopServers } from '../cli/cli-helpers';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';

afterEach(stopServers);

function sessionFolders(): string[] {
  const workspaces = path.join(stateDirectory, 'workspaces');
  return existsSync(workspaces) ? readdirSync(workspaces).map((name) => path.join(workspaces, name, 'sessions')) : [];
}

describe('T7 the runner trusts only its command line', () => {
  it('T7 --resume never takes approval, rules or a verify command from the stored session', async () => {
    const { host } = await fake([
      { content: '<final>first</final>' },
      { content: '<tool>{"name":"run_shell","args":{"command":"touch ran.txt"}}</tool>' },
      { content: '<final>second</final>' },
    ]);
    const root = project();
    const first = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'gemma2:2b',
      '--approval',
      'auto',
      '--json',
      'one',
    ]);
    const id = lastJson(first.stdout).sessionId as string;
    // A crafted session file, as it could arrive with a repository or a download.
    const metaFile = sessionFolders()
      .map((folder) => path.join(folder, id, 'meta.json'))
      .find((file) => existsSync(file))!;
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    meta.settings = {
      ...meta.settings,
      approval: 'auto',
      shellRules: { allow: ['*'], deny: [] },
      verifyCommand: 'touch verified.txt',
      maxDepth: 12,
    };
    writeFileSync(metaFile, JSON.stringify(meta));
    const second = await cli(['--workspace', root, '--host', host, '--resume', 'latest', '--json', 'two']);
    expect(second.stderr).toContain('Approve tool call: run_shell');
    expect(existsSync(path.join(root, 'ran.txt'))).toBe(false);
    expect(existsSync(path.join(root, 'verified.txt'))).toBe(false);
    expect(lastJson(second.stdout).sessionId).toBe(id);
  });

  it('T7 sessions and tasks are kept outside the workspace by default', async () => {
    const { host } = await fake([{ content: '<final>ok</final>' }]);
    const root = project();
    const run = await cli(['--workspace', root, '--host', host, '--model', 'gemma2:2b', '--json', 'hello']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(root, '.harness'))).toBe(false);
    expect(sessionFolders().some((folder) => existsSync(path.join(folder, lastJson(run.stdout).sessionId)))).toBe(true);
  });

  it('S4 --reset clears a session’s history and memory and runs the task in it', async () => {
    const { host, server } = await fake([{ content: '<final>first</final>' }, { content: '<final>fresh</final>' }]);
    const root = project();
    const first = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'gemma2:2b',
      '--json',
      'remember the number 42',
    ]);
    const reset = await cli(['--workspace', root, '--host', host, '--reset', 'latest', '--json', 'start over']);
    expect(reset.code).toBe(0);
    expect(lastJson(reset.stdout)).toMatchObject({ sessionId: lastJson(first.stdout).sessionId, final: 'fresh' });
    const sent = (server.chatRequests()[1].body!.messages as { content: string }[])
      .map((message) => message.content)
      .join('\n');
    expect(sent).not.toContain('remember the number 42');
  });
});

describe('T4 W3 what the terminal shows and what the runner says', () => {
  it('T4 control and bidi characters from the model are shown escaped; a long command is shown whole', async () => {
    // Long and not repetitive (a run of one character is stopped as runaway output, U5).
    const long = Array.from({ length: 1200 }, (_, index) => `x${index}`).join('');
    const command = `echo \u001b[2J\u001b[H\u001b]0;owned\u0007 \u202egnp.exe ${long} END-OF-COMMAND`;
    const { host } = await fake([
      { content: `<tool>${JSON.stringify({ name: 'run_shell', args: { command } })}</tool>` },
      { content: '<final>ok</final>' },
    ]);
    const run = await cli(
      ['--workspace', project(), '--host', host, '--model', 'gemma2:2b', '--num-predict', '4096', 'go'],
      { input: 'n\n' },
    );
    // eslint-disable-next-line no-control-regex -- the test looks for raw escapes on purpose
    expect(run.stderr).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(run.stderr).toContain('\\x1b[2J');
    expect(run.stderr).toContain('\\u202e');
    expect(run.stderr).toContain('END-OF-COMMAND');
  });

  it('T7 what the CLI did not write is made inert: the final answer and a server error body; --raw keeps the answer', async () => {
    const hostile = '\u001b]52;c;ZXZpbA==\u0007cleared\u001b[2J';
    const answer = async (raw: boolean) => {
      const { host } = await fake([{ content: `<final>${hostile}</final>` }]);
      return cli(['--workspace', project(), '--host', host, '--model', 'gemma2:2b', ...(raw ? ['--raw'] : []), 'go']);
    };
    const shown = await answer(false);
    expect(shown.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the test looks for raw escapes on purpose
    expect(shown.stdout + shown.stderr).not.toMatch(/[\u001b\u0007]/);
    expect(shown.stdout).toContain('\\x1b]52;c;ZXZpbA==\\x07cleared\\x1b[2J');
    expect((await answer(true)).stdout).toContain(hostile);

    const { host } = await fake([{ status: 400, error: `bad \u001b[2J\u001b]0;owned\u0007 request` }]);
    const refused = await cli(['--workspace', project(), '--host', host, '--model', 'gemma2:2b', 'go']);
    expect(refused.stderr).toContain('\\x1b[2J');
    // eslint-disable-next-line no-control-regex -- the test looks for raw escapes on purpose
    expect(refused.stderr).not.toMatch(/[\u001b\u0007]/);
  });

  it('W3 --help and the prompt say that run_shell on a directory is not a sandbox', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toContain('Not a sandbox');
    const { host, server } = await fake([{ content: '<final>ok</final>' }]);
    await cli(['--workspace', project(), '--host', host, '--model', 'gemma2:2b', 'go']);
    const system = (server.chatRequests()[0].body!.messages as { content: string }[])[0].content;
    expect(system).toContain('not a sandbox');
    expect(system).not.toContain('sandboxed workspace');
  });

  it('W2 processes that leave the process group on a timeout are found, killed and reported', async () => {
    const workspace = new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-setsid-')));
    const result = await workspace.exec('setsid sleep 31.731 & sleep 20', { timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(result.stderr).toMatch(/left it: setsid or a double fork/);
    const survivors = execFileSync('ps', ['-eo', 'args'])
      .toString()
      .split('\n')
      .filter((line) => line.includes('sleep 31.731'));
    expect(survivors).toEqual([]);
  });

  it('W3 npm run agent on a temp directory leaves nothing outside it, whatever the file tools are asked', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'harness-contained-'));
    const root = path.join(base, 'workspace');
    const outside = path.join(base, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    symlinkSync(path.join(outside, 'via-link.txt'), path.join(root, 'dangling'));
    symlinkSync(outside, path.join(root, 'out'));
    const writes = [
      'dangling',
      'out/a.txt',
      '../outside/b.txt',
      `${outside}/c.txt`,
      'out/../../outside/d.txt',
      '~/e.txt',
    ];
    const { host } = await fake([
      ...writes.map((target) => ({
        toolCalls: [{ name: 'write_file', arguments: { path: target, content: 'escaped' } }],
      })),
      { toolCalls: [{ name: 'patch_file', arguments: { path: 'out/x', old_text: 'a', new_text: 'b' } }] },
      { toolCalls: [{ name: 'note', arguments: { text: 'planted', long_term: true } }] },
      { content: 'done' },
    ]);
    const run = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'qwen2.5-coder:7b',
      '--approval',
      'auto',
      '--json',
      'escape',
    ]);
    expect(lastJson(run.stdout).outcome.kind).toBe('final');
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(base).sort()).toEqual(['outside', 'workspace']);
  });
});
