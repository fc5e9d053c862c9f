import { describe, expect, it } from 'vitest';
import { buildToolset } from '../../../src/lib/harness/tools/tool-registry';
import { nativeDefinitions } from '../../../src/lib/harness/protocol/native-protocol';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { final, harness, tunedHarness, tool, toolResults } from '../helpers';
import { MemoryTaskStore } from '../../../src/lib/store/memory-task-store';

/** T2: the six coding tools, in the order every profile but bash-only offers them. */
const codingTools = ['list_files', 'read_file', 'search', 'run_shell', 'write_file', 'patch_file'];

const environment = new MemoryWorkspace().describe();

describe('tool declarations', () => {
  it('T1 one declaration drives the prompt, native definitions and validation', async () => {
    const toolset = buildToolset({ profile: 'structured', readOnly: false, canDelegate: true, environment });
    const readFile = toolset.tools.get('read_file')!;
    const [definition] = nativeDefinitions([readFile]);
    // Length bounds are checked by validation, not spent as prompt tokens in the declaration.
    const { maxLength: _bound, ...path } = readFile.parameters.properties.path;
    expect(definition).toEqual({
      name: 'read_file',
      description: readFile.description,
      parameters: { ...readFile.parameters, properties: { ...readFile.parameters.properties, path } },
    });
    const h = harness([{ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt', start: 0 } }] }, final('x')], {
      files: { 'a.txt': 'a' },
      settings: { protocol: 'native' },
    });
    await h.agent.run('read');
    expect(h.model.requests[0].tools?.map((entry) => entry.name)).toContain('read_file');
    expect(h.model.requests[0].messages[0].content).toContain(readFile.description);
    expect(toolResults(h)[0]).toContain("'start' must be >= 1");
  });

  it('T2 the base tools keep the reference agent names and defaults; its example calls work unchanged', async () => {
    const toolset = buildToolset({ profile: 'structured', readOnly: false, canDelegate: true, environment });
    expect([...toolset.tools.keys()]).toEqual([...codingTools, 'delegate', 'note']);
    const h = harness(
      [
        { text: '<tool>{"name":"list_files","args":{"path":"."}}</tool>' },
        { text: '<tool>{"name":"read_file","args":{"path":"README.md","start":1,"end":80}}</tool>' },
        {
          text:
            '<tool name="write_file" path="binary_search.py"><content>def ' +
            'binary_search(nums, target):\n    return -1\n</content></tool>',
        },
        {
          text:
            '<tool name="patch_file" path="binary_search.py"><old_text>return ' +
            '-1</old_text><new_text>return mid</new_text></tool>',
        },
        { text: '<tool>{"name":"run_shell","args":{"command":"cat binary_search.py","timeout":20}}</tool>' },
        { text: '<tool>{"name":"search","args":{"pattern":"binary_search","path":"."}}</tool>' },
        final('Done.'),
      ],
      { files: { 'README.md': '# readme' } },
    );
    const result = await h.agent.run('write binary search');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'Done.' });
    const results = toolResults(h);
    expect(results[0]).toContain('[F] README.md');
    expect(results[1]).toContain('1: # readme');
    expect(results[2]).toContain('wrote binary_search.py');
    expect(results[3]).toContain('patched binary_search.py');
    expect(results[4]).toContain('return mid');
    expect(results[5]).toContain('binary_search.py:1:def binary_search');
    expect(await h.workspace.readFile('binary_search.py')).toBe('def binary_search(nums, target):\n    return mid\n');
  });

  it('T2 the bash-only profile has one tool, and says so when another is called', async () => {
    const h = harness(
      [tool('read_file', { path: 'a' }), tool('run_shell', { command: 'echo hi > b.txt' }), final('ok')],
      { settings: { toolProfile: 'bash-only' } },
    );
    await h.agent.run('go');
    expect(toolResults(h)[0]).toContain('bash-only profile has only run_shell');
    expect(await h.workspace.readFile('b.txt')).toBe('hi\n');
  });

  it('T2 the core profile offers the six coding tools (load_skill with skills), no delegate, note or task tools', async () => {
    const files = {
      '.harness/skills/testing/SKILL.md': '---\nname: testing\ndescription: How tests run\n---\nnpm test\n',
    };
    const tasks = new MemoryTaskStore();
    await tasks.save({
      ...{ id: 'task-1', subject: 'Write the docs', description: '', status: 'pending', owner: '', blockedBy: [] },
      ...{ createdAt: 1, updatedAt: 1 },
    });
    const h = harness([tool('note', { text: 'x' }), tool('create_task', { subject: 's' }), final('ok')], {
      files,
      settings: { toolProfile: 'core' },
      agent: { tasks },
    });
    await h.agent.run('go');
    const system = h.model.requests[0]!.messages[0]!.content;
    const offered = [...system.matchAll(/^- (\w+)\(/gm)].map((match) => match[1]);
    expect(offered).toEqual([...codingTools, 'load_skill']);
    expect(toolResults(h)[0]).toContain('the core tool profile has only the six coding tools');
    expect(toolResults(h)[1]).toContain("unknown tool 'create_task'");
    expect(system).not.toContain('Write the docs');
    const full = harness([final('ok')], { files, agent: { tasks } });
    await full.agent.run('go');
    expect(full.model.requests[0]!.messages[0]!.content).toMatch(/^- delegate\(.*\n(.|\n)*^- create_task\(/m);
    expect(full.model.requests[0]!.messages[0]!.content).toContain('Write the docs');
  });
});

describe('T2 list_files on a file', () => {
  it('T2 lists the file as itself, as ls does, and says read_file shows it (recorded: fix-off-by-one seed 1, no-delegate)', async () => {
    const h = harness([tool('list_files', { path: 'src/range.js' }), final('ok')], {
      files: { 'src/range.js': 'x' },
    });
    await h.agent.run('go');
    expect(toolResults(h)[0]).toBe('[F] src/range.js (a file, not a folder: read_file shows what is in it)');
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['read_file', {}, /missing required argument 'path'/],
    ['read_file', { path: '' }, /'path' must not be empty/],
    ['read_file', { path: 42 }, /'path' must be a string/],
    ['read_file', { path: 'a.txt', start: 5, end: 2 }, /'end' \(2\) must not be before 'start' \(5\)/],
    ['read_file', { path: 'src' }, /'src' is a directory, not a file/],
    ['read_file', { path: 'missing.txt' }, /'missing.txt' does not exist/],
    ['read_file', { path: '../etc/passwd' }, /leaves the workspace root/],
    ['run_shell', { command: 'ls', timeout: 500 }, /'timeout' must be <= 120/],
    ['run_shell', { command: '   ' }, /'command' must not be empty/],
    ['patch_file', { path: 'a.txt', old_text: 'zzz', new_text: 'y' }, /old_text was not found/],
    ['patch_file', { path: 'a.txt', old_text: 'line', new_text: 'y' }, /old_text occurs 2 times/],
    ['write_file', { path: 'src', content: 'x' }, /'src' is a directory/],
    ['search', { pattern: 'x', extra: true }, /unknown argument 'extra'/],
  ];
  for (const [name, args, message] of cases) {
    it(`T3 ${name} ${JSON.stringify(args)} is refused with a usage example, and the loop continues`, async () => {
      const h = harness([tool(name, args), final('recovered')], {
        files: { 'a.txt': 'line one\nline two\n', 'src/x.js': '' },
      });
      const result = await h.agent.run('try');
      const [content] = toolResults(h);
      expect(content).toMatch(message);
      expect(content).toMatch(/\nexample: <tool/);
      expect(result.outcome).toEqual({ kind: 'final', answer: 'recovered' });
      expect(h.of('tool.started')).toHaveLength(0);
      expect(await h.workspace.readFile('a.txt')).toBe('line one\nline two\n');
    });
  }

  it('T3 an unknown tool is refused with the list of tools', async () => {
    const h = harness([tool('delete_everything', {}), final('ok')]);
    await h.agent.run('go');
    expect(toolResults(h)[0]).toMatch(/unknown tool 'delete_everything'.*Available tools: list_files, read_file/);
  });

  it('T3 numbers sent as strings are accepted; arguments as a JSON string too', async () => {
    const h = harness(
      [{ toolCalls: [{ name: 'read_file', arguments: '{"path":"a.txt","start":"2","end":"2"}' }] }, final('ok')],
      { files: { 'a.txt': 'one\ntwo\nthree\n' }, settings: { protocol: 'native' } },
    );
    await h.agent.run('go');
    expect(toolResults(h)[0]).toBe('# a.txt (lines 2-2 of 3)\n2: two');
  });

  it('T5 refuses a repeated identical call and tells the model to change course', async () => {
    const h = harness(
      [
        tool('read_file', { path: 'a.txt' }),
        tool('read_file', { end: 200, path: 'a.txt' }),
        tool('read_file', { path: 'a.txt', end: 1 }),
        final('ok'),
      ],
      { files: { 'a.txt': 'a\nb\n' } },
    );
    await h.agent.run('go');
    const results = toolResults(h);
    expect(results[1]).toMatch(/same arguments twice in a row; it was not run again.*different tool/);
    expect(results[2]).toContain('1: a');
    expect(h.of('tool.started')).toHaveLength(2);
    expect(h.of('notice').map((event) => event.reason)).toContain('repeated-call');
  });

  it('T5 a call repeated after its refusal is answered with an offer of the final answer, then the run stops', async () => {
    const ask = { task: 'find the port', max_steps: 3 };
    const child = final('port 8080');
    const h = tunedHarness(
      [
        tool('delegate', ask),
        child,
        tool('delegate', ask),
        tool('delegate', ask),
        tool('delegate', ask),
        tool('delegate', ask),
        tool('delegate', ask),
      ],
      { files: { 'config.txt': 'port=8443\n' } },
    );
    const result = await h.agent.run('Write the port from config.txt into port.txt');
    const results = toolResults(h);
    expect(results[1]).toMatch(/same arguments twice in a row.*give the final answer/);
    expect(results[1]).not.toMatch(/refusal/);
    expect(results[2]).toMatch(/refusal 2 in a row of the same delegate call; calling it again ends the run.*<final>/);
    expect(result.outcome).toEqual({
      kind: 'limit',
      limit: 'repeats',
      message: 'the model made the same delegate call 3 times in a row after it was refused',
    });
    expect(result.steps).toBe(4);
  });

  it('T5 the same invalid call again is a repeat too, and three in a row after the first end the run', async () => {
    const dot = tool('read_file', { path: '.' });
    const h = tunedHarness([dot, dot, dot, dot, dot, final('never reached')], { files: { 'a.txt': 'a' } });
    const result = await h.agent.run('Read a.txt');
    const results = toolResults(h);
    expect(results[0]).toMatch(/is a directory, not a file/);
    expect(results[0]).not.toMatch(/same invalid/);
    expect(results[1]).toMatch(/same invalid read_file call as before/);
    expect(results[2]).toMatch(/refusal 2 in a row.*calling it again ends the run/);
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'repeats' });
    expect(result.steps).toBe(4);
  });

  it('T5 a different call in between starts the count again', async () => {
    const read = tool('read_file', { path: 'a.txt' });
    const h = tunedHarness([read, read, read, tool('list_files'), read, read, read, final('ok')], {
      files: { 'a.txt': 'a' },
    });
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'ok' });
    expect(toolResults(h).filter((text) => text.includes('refusal 2 in a row'))).toHaveLength(2);
  });

  it('T5 in the native protocol the offer of the final answer names a plain-text reply', async () => {
    const read = { toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] };
    const h = tunedHarness([read, read, read, final('ok')], {
      files: { 'a.txt': 'a' },
      settings: { protocol: 'native' },
    });
    await h.agent.run('go');
    expect(toolResults(h)[2]).toContain('give the final answer now (reply with plain text and no tool call)');
  });
});
