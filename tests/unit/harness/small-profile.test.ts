/**
 * O4: the small-model profile — what it declares, what its per-reply grammar allows, and that it
 * does not take prose for a finished task.
 */
import { describe, expect, it } from 'vitest';
import { harness, tool, final } from '../helpers';
import { loadEvals } from '../../../src/cli/load-evals';
import { smallTemplates } from '../../../src/lib/harness/prompt/small-templates';
import { stepEnvelope } from '../../../src/lib/harness/small-model/step-envelope';
import { calledPath } from '../../../src/lib/harness/facts/called-path';
import { namedPaths } from '../../../src/lib/harness/facts/task-files';
import { smallTools } from '../../../src/lib/harness/tools/small-tools';
import { finishNudge } from '../../../src/lib/harness/small-model/small-profile';
import { baseTools } from '../../../src/lib/harness/tools/tool-registry';

interface Alternative {
  properties: { name?: { enum: string[] }; args?: { properties: Record<string, { enum?: string[] }> } };
}
const alternatives = (format: unknown) => (format as { anyOf: Alternative[] }).anyOf;
const names = (format: unknown) => alternatives(format).map((entry) => entry.properties.name?.enum[0] ?? 'final');
const pathChoices = (format: unknown, name: string) =>
  alternatives(format).find((entry) => entry.properties.name?.enum[0] === name)?.properties.args?.properties.path?.enum;

const files = { 'notes.txt': 'hello\n', 'src/app.js': 'export const app = 1;\n' };

describe('O4 the small-model profile', () => {
  it('O4 declares five short tools and a prompt under half the default one', async () => {
    const small = harness([tool('read_file', { path: 'notes.txt' }), final('read it')], {
      files,
      settings: { profile: 'small', protocol: 'native' },
    });
    const normal = harness([tool('read_file', { path: 'notes.txt' }), final('read it')], {
      files,
      settings: { protocol: 'native' },
    });
    await small.agent.run('read notes.txt');
    await normal.agent.run('read notes.txt');
    const [smallRequest, normalRequest] = [small.model.requests[0]!, normal.model.requests[0]!];
    expect(smallRequest.tools!.map((entry) => entry.name)).toEqual([
      'list_files',
      'read_file',
      'patch_file',
      'write_file',
      'run_shell',
    ]);
    const cost = (request: typeof smallRequest) =>
      request.messages[0]!.content.length + JSON.stringify(request.tools).length;
    expect(cost(smallRequest)).toBeLessThan(cost(normalRequest) / 2);
    // The files are named up front, so the first step need not be a listing.
    expect(smallRequest.messages[0]!.content).toContain('notes.txt, src/app.js');
  });

  it('O4 the grammar names only real paths, leaves out the call just made, and offers no answer before a tool worked', async () => {
    const h = harness(
      [
        { text: '{"action":"tool","name":"read_file","args":{"path":"notes.txt"}}' },
        { text: '{"action":"tool","name":"write_file","args":{"path":"out.txt","content":"x"}}' },
        { text: '{"action":"final","final":"done"}' },
      ],
      { files, settings: { profile: 'small', protocol: 'constrained' } },
    );
    const result = await h.agent.run('copy notes.txt into out.txt');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'done' });
    const [first, second, third] = h.model.requests.map((request) => request.format);
    expect(names(first)).not.toContain('final');
    expect(pathChoices(first, 'read_file')).toEqual(['notes.txt', 'src/app.js']);
    expect(pathChoices(first, 'list_files')).toEqual(['.', 'src']);
    // The file just read is not offered again; the answer is, now that a call worked.
    expect(pathChoices(second, 'read_file')).toEqual(['src/app.js']);
    expect(names(second)).toContain('final');
    // A file written since is a real path now; the tool just used sits out one reply.
    expect(pathChoices(third, 'read_file')).toEqual(['notes.txt', 'out.txt', 'src/app.js']);
    expect(names(third)).not.toContain('write_file');
    expect(names(second)).toContain('write_file');
    // A file to write is one that exists or one the task names; a command starts with a real program.
    expect(pathChoices(second, 'write_file')).toEqual(['notes.txt', 'out.txt', 'src/app.js']);
    const command = alternatives(second).find((entry) => entry.properties.name?.enum[0] === 'run_shell')!.properties
      .args!.properties.command as { pattern?: string };
    const real = new RegExp(command.pattern!);
    expect(['ls', 'cat notes.txt', 'node --test', 'rm -f a'].every((line) => real.test(line))).toBe(true);
    expect(['water the plants', 'list_files', 'set-debug:true', 'lsx'].some((line) => real.test(line))).toBe(false);
    // A dot wildcard in a grammar pattern also matches the closing quote: the reply would run on
    // past the string (seen on the real server).
    expect(JSON.stringify(second)).not.toMatch(/[^\\]\.[*+]/);
  });

  it('O4 with no file and no named path, a path to write is any plain relative one', () => {
    const envelope = stepEnvelope(smallTools(baseTools), { paths: { files: [], folders: ['.'] }, allowFinal: true });
    const path = alternatives(envelope).find((entry) => entry.properties.name?.enum[0] === 'write_file')!.properties
      .args!.properties.path as { pattern?: string };
    const relative = new RegExp(path.pattern!);
    expect(['out.txt', 'src/a-b_c.test.js'].every((line) => relative.test(line))).toBe(true);
    expect(['/etc/passwd', '../x', '~/x', 'a/../b', 'a b'].some((line) => relative.test(line))).toBe(false);
    // Too many files to list: the task's names do not become the only files it may write.
    const crowded = stepEnvelope(smallTools(baseTools), { named: ['ANSWER.txt'], allowFinal: true });
    expect(pathChoices(crowded, 'write_file')).toBeUndefined();
    expect(namedPaths('Write 8137 into ANSWER.txt; config/server.json has it; version 1.2.3.')).toEqual([
      'ANSWER.txt',
      'config/server.json',
    ]);
  });

  it('O4 a listing already made is not offered again; with nothing left to call, the answer is', () => {
    const tools = smallTools(baseTools).filter((entry) => entry.name === 'list_files');
    const paths = { files: [], folders: ['.'] };
    const envelope = stepEnvelope(tools, {
      paths,
      seen: { read: new Set(), listed: new Set([calledPath({ name: 'list_files', arguments: {} })!]) },
      allowFinal: false,
    });
    expect(names(envelope)).toEqual(['final']);
  });

  it('O4 two reads taken in turns are not offered again until a file changes', async () => {
    const h = harness(
      [
        { text: '{"action":"tool","name":"read_file","args":{"path":"notes.txt"}}' },
        { text: '{"action":"tool","name":"list_files","args":{"path":"."}}' },
        { text: '{"action":"tool","name":"run_shell","args":{"command":"no-such-command"}}' },
        { text: '{"action":"tool","name":"write_file","args":{"path":"notes.txt","content":"new"}}' },
        { text: '{"action":"final","final":"done"}' },
      ],
      { files, settings: { profile: 'small', protocol: 'constrained' } },
    );
    await h.agent.run('go');
    const formats = h.model.requests.map((request) => request.format);
    expect(pathChoices(formats[2], 'read_file')).toEqual(['src/app.js']);
    expect(pathChoices(formats[2], 'list_files')).toEqual(['src']);
    // A command that failed changed nothing; the write did, so everything is worth reading again.
    expect(pathChoices(formats[3], 'read_file')).toEqual(['src/app.js']);
    expect(names(formats[3])).not.toContain('run_shell');
    expect(pathChoices(formats[4], 'read_file')).toEqual(['notes.txt', 'src/app.js']);
  });

  it('O4 prose with nothing done is not a final answer; the run goes on and the limit still bounds it', async () => {
    const h = harness([{ text: 'I think the file is fine.' }, tool('read_file', { path: 'notes.txt' }), final('ok')], {
      files,
      settings: { profile: 'small' },
    });
    const result = await h.agent.run('check notes.txt');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: 'ok',
      flags: [{ kind: 'after-send-back', rules: ['small-profile'], times: 1 }],
    });
    expect(h.of('notice').map((event) => event.reason)).toContain('nothing-done');

    const stubborn = harness([{ text: 'Done.' }], {
      files,
      model: { whenExhausted: 'repeat-last' },
      settings: {
        profile: 'small',
        limits: { maxFormatErrors: 3, maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFailedSteps: 0 },
      },
    });
    const stuck = await stubborn.agent.run('check notes.txt');
    expect(stuck.outcome).toMatchObject({ kind: 'limit', limit: 'format_errors' });
    expect(stuck.steps).toBe(3);
  });

  it('O4 the default profile still takes an answer at once (the profile changes nothing else)', async () => {
    const h = harness([final('nothing to do')], { files });
    expect((await h.agent.run('hello')).outcome).toEqual({ kind: 'final', answer: 'nothing to do' });
  });

  it('O4 the profile names no eval task: no task id and no workspace file of the suite is in its prompt', () => {
    const text = ['text', 'constrained', 'native']
      .map((protocol) => Object.values(smallTemplates(protocol as 'text')).join('\n'))
      .join('\n');
    const generic = new Set(['package.json', 'README.md']);
    for (const task of loadEvals('evals')) {
      expect(text).not.toContain(task.id);
      for (const path of Object.keys(task.files)) if (!generic.has(path)) expect(text, task.id).not.toContain(path);
    }
  });
});

describe('O4 knowing when to stop', () => {
  it('O4 a small model that repeats its last change exactly ends the run: the harness gives the final answer and says so', async () => {
    const write = tool('write_file', { path: 'hello.txt', content: 'Hello, harness!' });
    const h = harness([write, write, tool('run_shell', { command: "echo 'undo' > hello.txt" })], {
      settings: { profile: 'small' },
    });
    const result = await h.agent.run('Create hello.txt containing: Hello, harness!');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer:
        '(given by the harness) The model repeated its last change (write_file on hello.txt) exactly, so the work is taken as done.',
    });
    expect(await h.workspace.readFile('hello.txt')).toBe('Hello, harness!');
    expect(h.of('notice').map((event) => event.reason)).toContain('finished');
    expect(result.steps).toBe(2);
  });

  it('O4 the small profile does not let write_file replace a file the run has not seen: it shows the file instead', async () => {
    // Recorded in qwen-1.5b-repeat (append-line, constrained, small): the first call wrote only the new line.
    const todo = '# TODO\n- buy milk\n- call mum\n';
    const blind = tool('write_file', { path: 'TODO.md', content: '\n- water the plants\n' });
    const whole = tool('write_file', { path: 'TODO.md', content: `${todo}- water the plants\n` });
    const h = harness([blind, whole, final('done')], { files: { 'TODO.md': todo }, settings: { profile: 'small' } });
    const result = await h.agent.run('Add the line "- water the plants" at the end of TODO.md.');
    expect(result.outcome).toMatchObject({ kind: 'final' });
    const [refused, written] = h.agent.session.history.filter((item) => item.kind === 'tool');
    expect(refused).toMatchObject({ ok: false });
    expect(refused.content).toContain('TODO.md already exists and this run has not read it');
    expect(refused.content).toContain('- call mum');
    expect(written).toMatchObject({ ok: true });
    expect(await h.workspace.readFile('TODO.md')).toBe(`${todo}- water the plants\n`);
  });

  it('T1 a write that drops lines the file had names them; a write that keeps them, or a new file, says nothing more', async () => {
    const todo = '# Todo\n\n- buy milk\n- call Sam\n';
    const h = harness(
      [
        tool('read_file', { path: 'TODO.md' }),
        tool('write_file', { path: 'TODO.md', content: '- water the plants\n' }),
        tool('write_file', { path: 'TODO.md', content: `${todo}- water the plants\n` }),
        tool('write_file', { path: 'new.md', content: 'x\n' }),
        final('done'),
      ],
      { files: { 'TODO.md': todo } },
    );
    await h.agent.run('Add "- water the plants" to TODO.md');
    const results = h.agent.session.history
      .filter((item) => item.kind === 'tool')
      .map((item) => item.content)
      .slice(1);
    expect(results[0]).toBe(
      'wrote TODO.md (19 chars, 1 lines); 3 of its 3 earlier lines are gone ("# Todo", "- buy milk", "- call Sam"). ' +
        'write_file replaces the whole file: if they should stay, write them too',
    );
    // The small profile refuses such a write (keep-lines), and does not follow it with "give the
    // final answer now" (seen on Qwen 1.5B).
    const small = harness(
      [tool('read_file', { path: 'TODO.md' }), tool('write_file', { path: 'TODO.md', content: 'x\n' }), final('ok')],
      { files: { 'TODO.md': todo }, settings: { profile: 'small' } },
    );
    await small.agent.run('Add "- water the plants" to TODO.md');
    const written = small.agent.session.history.filter((item) => item.kind === 'tool')[1];
    expect(written.content).toContain(
      'error: this write would drop lines TODO.md has ("# Todo", "- buy milk", "- call Sam")',
    );
    expect(await small.workspace.readFile('TODO.md')).toBe(todo);
    expect(written.content).not.toContain(finishNudge);
    expect(results[1]).toBe('wrote TODO.md (49 chars, 5 lines)');
    expect(results[2]).toBe('wrote new.md (2 chars, 1 lines)');
    // Recorded in qwen-1.5b-lost-lines (set-json-key): the object written on one line keeps its
    // keys; only the lines whose text is gone are named, not every line of the old layout.
    const json = '{\n  "theme": "dark",\n  "debug": false,\n  "retries": 3\n}\n';
    const reformatted = harness(
      [
        tool('read_file', { path: 'settings.json' }),
        tool('write_file', { path: 'settings.json', content: '{"theme": "dark", "debug": true, "retries": 4}' }),
        final('ok'),
      ],
      { files: { 'settings.json': json } },
    );
    await reformatted.agent.run('set debug');
    expect(reformatted.agent.session.history.filter((item) => item.kind === 'tool')[1]?.content).toContain(
      '2 of its 5 earlier lines are gone ("  \\"debug\\": false,", "  \\"retries\\": 3")',
    );
  });

  it('O4 read-first leaves alone a new file, a file the run read, and a default-profile write that keeps the lines', async () => {
    const fresh = harness([tool('write_file', { path: 'new.txt', content: 'x' }), final('done')], {
      files,
      settings: { profile: 'small' },
    });
    await fresh.agent.run('make new.txt');
    expect(await fresh.workspace.readFile('new.txt')).toBe('x');
    const read = harness(
      [
        tool('read_file', { path: 'notes.txt' }),
        tool('write_file', { path: 'notes.txt', content: 'bye\n' }),
        final('ok'),
      ],
      { files, settings: { profile: 'small' } },
    );
    await read.agent.run('change notes.txt');
    expect(await read.workspace.readFile('notes.txt')).toBe('bye\n');
    const normal = harness([tool('write_file', { path: 'notes.txt', content: 'bye\n' }), final('ok')], { files });
    await normal.agent.run('change notes.txt');
    expect(await normal.workspace.readFile('notes.txt')).toBe('bye\n');
  });

  it('O4 the write, read, read, same write cycle Qwen2.5-Coder-0.5B ran to the step limit ends at the second write', async () => {
    // Recorded in qwen-screen-0.5b (create-file, constrained, small): steps 1–12 cycled so.
    const write = tool('write_file', { path: 'hello.txt', content: 'Hello, harness!' });
    const cycle = [write, tool('read_file', { path: 'hello.txt' }), tool('read_file', { path: 'README.md' })];
    const h = harness([...cycle, ...cycle, ...cycle], {
      files: { 'README.md': 'A sample.\n' },
      settings: { profile: 'small' },
    });
    const result = await h.agent.run('Create hello.txt containing: Hello, harness!');
    expect(result.outcome).toMatchObject({ kind: 'final' });
    expect(result.steps).toBe(4);
    // A different change in between is new work: the cycle starts again.
    const other = tool('write_file', { path: 'other.txt', content: 'x' });
    const h2 = harness([write, other, write, final('done')], { settings: { profile: 'small' } });
    expect((await h2.agent.run('Create both')).outcome).toEqual({ kind: 'final', answer: 'done' });
  });

  it('O4 a repeat of a read, or of a change that failed, does not end the run; nor does the default profile', async () => {
    const read = tool('read_file', { path: 'notes.txt' });
    const bad = tool('write_file', { path: '../outside.txt', content: 'x' });
    const small = harness([read, read, bad, bad, final('done')], { files, settings: { profile: 'small' } });
    expect((await small.agent.run('Read notes.txt')).outcome).toEqual({ kind: 'final', answer: 'done' });
    const write = tool('write_file', { path: 'hello.txt', content: 'hi' });
    const plain = harness([write, write, final('done')], { files });
    expect((await plain.agent.run('Create hello.txt')).outcome).toEqual({ kind: 'final', answer: 'done' });
  });
});
