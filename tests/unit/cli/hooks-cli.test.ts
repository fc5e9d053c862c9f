/** T8 P5 through the headless runner: --hook, --hooks-file and --skills-folder, on a real directory. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, fake, lastJson, project, stopServers } from './cli-helpers';

afterEach(stopServers);

const guard =
  "let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{const i=JSON.parse(s);" +
  "console.log(JSON.stringify(i.tool==='run_shell'&&/rm /.test(i.args.command)?" +
  "{decision:'deny',reason:'no rm here'}:{decision:'allow'}))})";

describe('T8 hooks from the command line', () => {
  it('T8 --hook before_tool=CMD denies a risky command (shown on stderr, in the events); the model reads the reason', async () => {
    const { host, server } = await fake([
      { content: '<tool>{"name":"run_shell","args":{"command":"rm keep.txt"}}</tool>' },
      { content: '<final>left it</final>' },
    ]);
    const root = project({ 'keep.txt': 'keep\n', 'guard.js': guard });
    const run = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'gemma2:2b',
      '--approval',
      'auto',
      '--hook',
      'before_tool=node guard.js',
      '--json',
      'tidy up',
    ]);
    expect(lastJson(run.stdout).outcome).toMatchObject({ kind: 'final' });
    expect(existsSync(path.join(root, 'keep.txt'))).toBe(true);
    expect(run.stderr).toMatch(/hook before_tool.*deny.*no rm here/);
    expect(JSON.stringify(server.chatRequests()[1].body)).toContain('a hook denied run_shell: no rm here');
  });

  it('T8 --hooks-file with a wrong point or shape is a usage error naming it', async () => {
    const root = project();
    const file = path.join(root, 'hooks.json');
    writeFileSync(file, JSON.stringify({ before_everything: { command: 'true' } }));
    const run = await cli(['--workspace', root, '--hooks-file', file, 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/hook point must be one of before_tool, after_tool, on_final, got "before_everything"/);
  });

  it('P5 --skills-folder lists that folder’s skills; load_skill reads one', async () => {
    const { host, server } = await fake([
      { content: '<tool>{"name":"load_skill","args":{"name":"release"}}</tool>' },
      { content: '<final>tag then push</final>' },
    ]);
    const root = project();
    mkdirSync(path.join(root, 'kb', 'release'), { recursive: true });
    writeFileSync(path.join(root, 'kb', 'release', 'SKILL.md'), 'How we release\nTag v1.2.3, then push the tag.\n');
    const run = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'gemma2:2b',
      '--skills-folder',
      'kb',
      '--json',
      'how do we release?',
    ]);
    expect(lastJson(run.stdout).outcome).toMatchObject({ kind: 'final' });
    const [first, second] = server.chatRequests().map((request) => JSON.stringify(request.body));
    expect(first).toContain('- release: How we release');
    expect(first).not.toContain('Tag v1.2.3');
    expect(second).toContain('Tag v1.2.3, then push the tag.');
  });
});
