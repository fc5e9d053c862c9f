import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, fake, lastJson, project, stopServers } from './cli-helpers';
import { parseCliOptions } from '../../../src/cli/cli-options';
import { importTrajectory } from '../../../src/lib/store/session-export';
import { teachingSteps } from '../../../src/lib/ui/teaching/step-index';

afterEach(stopServers);

describe('headless runner', () => {
  it('--help lists the options and the exit codes', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const option of [
      '--workspace',
      '--host',
      '--model',
      '--protocol',
      '--approval',
      '--max-steps',
      '--max-tokens',
      '--max-seconds',
      '--session-dir',
      '--resume',
      '--num-ctx',
      '--json',
    ])
      expect(run.stdout).toContain(option);
    expect(run.stdout).toContain('9  model not found');
  });

  it('a bad option is a usage error (exit 2) that says why', async () => {
    const run = await cli(['--protocol', 'smoke-signals', 'task']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--protocol must be one of auto, native, text');
    expect((await cli([])).code).toBe(2);
  });

  it('O4 --profile small runs the small-model harness: five tools declared, prose before any tool is not an answer', async () => {
    const { host, server } = await fake([
      { content: 'Looks fine to me.' },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'sum.js' } }] },
      { content: 'sum.js adds nothing wrong.' },
    ]);
    const run = await cli([
      ...['--workspace', project(), '--host', host, '--model', 'qwen2.5-coder:7b'],
      ...['--protocol', 'native', '--profile', 'small', '--json', 'check sum.js'],
    ]);
    expect(run.code).toBe(0);
    const [first] = server.chatRequests();
    const tools = (first!.body!.tools as { function: { name: string } }[]).map((entry) => entry.function.name);
    expect(tools).toEqual(['list_files', 'read_file', 'patch_file', 'write_file', 'run_shell']);
    expect(server.chatRequests()).toHaveLength(3);
    expect(lastJson(run.stdout).outcome).toEqual({
      kind: 'final',
      answer: 'sum.js adds nothing wrong.',
      flags: [{ kind: 'after-send-back', rules: ['small-profile'], times: 1 }],
    });
    expect((await cli(['--profile', 'huge', 'task'])).stderr).toContain('--profile must be one of default, small');
  });

  it('O4 --show-named-files shows the files the task names with it, before the first request', () => {
    expect(parseCliOptions(['--show-named-files', 'fix sum.js']).showNamedFiles).toBe(true);
    expect(parseCliOptions(['fix sum.js']).showNamedFiles).toBeUndefined();
  });

  it('T6 --think-first asks constrained replies for a thought first', () => {
    expect(parseCliOptions(['--think-first', 'fix sum.js']).thinkFirst).toBe(true);
    expect(parseCliOptions(['fix sum.js']).thinkFirst).toBeUndefined();
  });

  it('T6 R4 runs a native-protocol task to a final answer on a real directory, with --json last', async () => {
    const { host } = await fake([
      { toolCalls: [{ name: 'read_file', arguments: { path: 'sum.js' } }] },
      { toolCalls: [{ name: 'patch_file', arguments: { path: 'sum.js', old_text: 'a - b', new_text: 'a + b' } }] },
      { content: 'Fixed sum: it subtracted.' },
    ]);
    const root = project();
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
      'fix sum',
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(root, 'sum.js'), 'utf8')).toContain('a + b');
    const result = lastJson(run.stdout);
    expect(result).toMatchObject({
      outcome: { kind: 'final' },
      final: 'Fixed sum: it subtracted.',
      steps: 3,
      protocol: 'native',
      usage: { totalTokens: expect.any(Number) },
    });
    expect(run.stderr).toContain('protocol: native');
  });

  it('R4 an unreachable server ends fast with exit 8 and what to do', async () => {
    const { host, server } = await fake([]);
    await server.stop();
    const run = await cli(['--workspace', project(), '--host', host, '--model', 'm', '--json', 'task']);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('ollama serve');
    expect(lastJson(run.stdout).outcome).toMatchObject({ kind: 'error', error: { kind: 'unreachable' } });
  });

  it('R4 an unknown model ends with exit 9 and the ollama pull line', async () => {
    const { host } = await fake([]);
    const run = await cli(['--workspace', project(), '--host', host, '--model', 'nope:1b', 'task']);
    expect(run.code).toBe(9);
    expect(run.stderr).toContain('ollama pull nope:1b');
  });

  it('L2 the step limit ends with exit 3; the text protocol is picked for a model without tools', async () => {
    const { host } = await fake([
      { content: '<tool>{"name":"list_files","args":{}}</tool>' },
      { content: '<tool>{"name":"read_file","args":{"path":"sum.js"}}</tool>' },
    ]);
    const run = await cli([
      '--workspace',
      project(),
      '--host',
      host,
      '--model',
      'gemma2:2b',
      '--max-steps',
      '2',
      '--json',
      'look',
    ]);
    expect(run.code).toBe(3);
    expect(lastJson(run.stdout)).toMatchObject({ outcome: { kind: 'limit', limit: 'steps' }, protocol: 'text' });
  });

  it('T4 --approval ask reads the answer from the terminal; end of input denies', async () => {
    const write = { toolCalls: [{ name: 'write_file', arguments: { path: 'new.txt', content: 'hello' } }] };
    const { host, server } = await fake([write, { content: 'done' }]);
    const root = project();
    const approved = await cli(['--workspace', root, '--host', host, '--model', 'qwen2.5-coder:7b', 'make a file'], {
      input: 'y\n',
    });
    expect(approved.code).toBe(0);
    expect(approved.stderr).toContain('Approve tool call: write_file');
    expect(readFileSync(path.join(root, 'new.txt'), 'utf8')).toBe('hello');
    server.enqueue(write, { content: 'could not' });
    const other = project();
    const denied = await cli(['--workspace', other, '--host', host, '--model', 'qwen2.5-coder:7b', 'make a file']);
    expect(denied.stderr).toContain('no input: denied');
    expect(() => readFileSync(path.join(other, 'new.txt'))).toThrow();
  });

  it('S2 --resume latest continues the same session', async () => {
    const { host, server } = await fake([{ content: '<final>first</final>' }, { content: '<final>second</final>' }]);
    const root = project();
    const first = await cli(['--workspace', root, '--host', host, '--model', 'gemma2:2b', '--json', 'one']);
    const second = await cli(['--workspace', root, '--host', host, '--resume', 'latest', '--json', 'two']);
    expect(second.code).toBe(0);
    expect(lastJson(second.stdout).sessionId).toBe(lastJson(first.stdout).sessionId);
    const messages = server.chatRequests()[1].body!.messages as { content: string }[];
    expect(messages.map((message) => message.content)).toEqual(
      expect.arrayContaining(['one', '<final>first</final>', 'two']),
    );
  });

  it('L2 Ctrl-C aborts the model request and exits 7 with the session saved', async () => {
    const { host } = await fake([{ hang: true }]);
    const root = project();
    let sent = false;
    const run = await cli(['--workspace', root, '--host', host, '--model', 'qwen2.5-coder:7b', '--json', 'wait'], {
      onStderr: (text, kill) => {
        if (!sent && text.includes('step 1: asking')) {
          sent = true;
          setTimeout(kill, 200);
        }
      },
    });
    expect(run.code).toBe(7);
    expect(lastJson(run.stdout).outcome.kind).toBe('aborted');
  });

  it("U3 S4 --export writes the run as a file the page imports and replays, with each step's files", async () => {
    const { host } = await fake([
      { toolCalls: [{ name: 'read_file', arguments: { path: 'sum.js' } }] },
      { toolCalls: [{ name: 'patch_file', arguments: { path: 'sum.js', old_text: 'a - b', new_text: 'a + b' } }] },
      { content: 'Fixed sum.' },
    ]);
    const root = project();
    const file = path.join(root, '..', `${path.basename(root)}.session.json`);
    const run = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'qwen2.5-coder:7b',
      '--approval',
      'auto',
      '--export',
      file,
      '--json',
      'fix sum',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`to ${file}`);
    const imported = importTrajectory(readFileSync(file, 'utf8'));
    if (!imported.ok) throw new Error(imported.error);
    const { trajectory } = imported;
    expect(trajectory.session.id).toBe(lastJson(run.stdout).sessionId);
    expect(trajectory.files['sum.js']).toContain('a + b');
    // Replay shows step 1's files as they were: the snapshot from before the patch.
    expect(trajectory.snapshots?.[0]).toEqual({
      step: 0,
      files: { 'sum.js': 'export const sum = (a, b) => a - b;\n' },
    });
    const steps = teachingSteps(trajectory.events, trajectory.session.id);
    expect(steps).toHaveLength(3);
    expect(steps.at(-1)?.reply?.content).toBe('Fixed sum.');
  });

  it('U3 --export-only writes a stored session without a server; misuse is a usage error', async () => {
    const { host, server } = await fake([{ content: '<final>first</final>' }]);
    const root = project();
    const first = await cli(['--workspace', root, '--host', host, '--model', 'gemma2:2b', '--json', 'one']);
    await server.stop();
    const file = path.join(root, '..', `${path.basename(root)}-only.session.json`);
    const only = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--resume',
      'latest',
      '--export',
      file,
      '--export-only',
      '--json',
    ]);
    expect(only.code).toBe(0);
    expect(lastJson(only.stdout)).toMatchObject({
      outcome: { kind: 'exported' },
      sessionId: lastJson(first.stdout).sessionId,
    });
    const imported = importTrajectory(readFileSync(file, 'utf8'));
    expect(imported.ok && imported.trajectory.session.history.map((item) => item.kind)).toEqual(['user', 'assistant']);
    expect((await cli(['--workspace', root, '--export-only', '--export', file])).code).toBe(2);
    const unwritable = await cli([
      '--workspace',
      root,
      '--resume',
      'latest',
      '--export',
      path.join(root, 'no', 'such', 'dir', 'x.json'),
      '--export-only',
    ]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toContain('could not be exported');
  });
});
