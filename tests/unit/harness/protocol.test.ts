import { describe, expect, it } from 'vitest';
import { parseTextReply } from '../../../src/lib/harness/protocol/text-protocol';
import { parseNativeReply } from '../../../src/lib/harness/protocol/native-protocol';
import { final, harness, tool, toolResults } from '../helpers';

describe('text protocol', () => {
  it('T6 parses <tool> JSON, the XML form with multi-line text, and <final>', () => {
    expect(parseTextReply('I will look.\n<tool>{"name":"list_files","args":{"path":"src"}}</tool>')).toEqual({
      kind: 'tool',
      calls: [{ name: 'list_files', arguments: { path: 'src' } }],
      form: 'json',
    });
    const xml = parseTextReply(
      '<tool name="write_file" path="a.js"><content>\nconst a = "<b>";\nreturn a;\n</content></tool>',
    );
    expect(xml).toEqual({
      kind: 'tool',
      calls: [{ name: 'write_file', arguments: { path: 'a.js', content: 'const a = "<b>";\nreturn a;\n' } }],
      form: 'xml',
    });
    expect(parseTextReply('<final>All done.</final>')).toEqual({ kind: 'final', answer: 'All done.' });
    expect(parseTextReply('<think>hmm <tool>x</tool></think><final>ok</final>')).toEqual({
      kind: 'final',
      answer: 'ok',
    });
    expect(parseTextReply('<tool_call>{"name":"read_file","arguments":{"path":"a"}}</tool_call>')).toMatchObject({
      kind: 'tool',
      form: 'tool_call',
    });
    expect(parseTextReply('```json\n{"name":"read_file","args":{"path":"a"}}\n```')).toMatchObject({
      kind: 'tool',
      form: 'fenced-json',
      recovered: { besideName: false },
    });
  });

  it('T6 malformed output gets a precise problem', () => {
    expect(parseTextReply('<tool>{"name": "read_file", "args": {path: x}}</tool>')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('not valid JSON'),
    });
    expect(parseTextReply('<tool>{"name":"read_file","args":{"path":"a"}}')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('no closing </tool>'),
    });
    expect(parseTextReply('<tool>{"args":{}}</tool>')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('no "name"'),
    });
    expect(parseTextReply('<tool>{"name":"x","args":[1]}</tool>')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('"args" must be a JSON object'),
    });
    expect(parseTextReply('<final>  </final>')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('empty'),
    });
    expect(parseTextReply('   ')).toMatchObject({ kind: 'malformed', problem: 'the reply was empty' });
    expect(parseTextReply('<tool content="x"></tool>')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('no name='),
    });
  });

  it('T6 a malformed reply is never executed: it gets a runtime notice saying what was wrong and how to reply', async () => {
    const h = harness([{ text: '<tool>{"name":"write_file","args":{"path":"x.txt","content":"boom"}' }, final('ok')]);
    const result = await h.agent.run('go');
    expect(h.of('tool.started')).toHaveLength(0);
    expect(await h.workspace.stat('x.txt')).toBeNull();
    const notice = h.agent.session.history.find((item) => item.kind === 'notice' && item.reason === 'malformed');
    expect(notice?.content).toMatch(
      /Runtime notice: the tool call has no closing <\/tool> tag\. Reply with exactly one <tool>/,
    );
    expect(h.model.requests[1].messages.at(-1)?.content).toBe(notice?.content);
    expect(result.outcome.kind).toBe('final');
  });

  it('T6 only the first of several text tool calls runs, and the model is told', async () => {
    const h = harness([
      { text: '<tool>{"name":"list_files","args":{}}</tool><tool>{"name":"read_file","args":{"path":"a"}}</tool>' },
      final('ok'),
    ]);
    await h.agent.run('go');
    expect(h.of('tool.started')).toHaveLength(1);
    expect(
      h
        .of('notice')
        .map((event) => event.text)
        .join(),
    ).toContain('only the first tool call was run');
  });
});

describe('native protocol', () => {
  it('T6 tool calls arrive whole; results go back as tool messages; a reply without calls is the final answer', async () => {
    const h = harness(
      [
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: 'a.txt' } },
            { name: 'list_files', arguments: {} },
          ],
        },
        { text: 'The file says hi.' },
      ],
      { files: { 'a.txt': 'hi' }, settings: { protocol: 'native' } },
    );
    const result = await h.agent.run('read a');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'The file says hi.' });
    const messages = h.model.requests[1].messages;
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.toolCalls?.map((call) => call.name)).toEqual(['read_file', 'list_files']);
    const tools = messages.filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.toolName)).toEqual(['read_file', 'list_files']);
    expect(tools[0].content).toContain('1: hi');
    expect(parseNativeReply({ content: '', toolCalls: [] })).toMatchObject({ kind: 'malformed' });
  });

  it('T6 auto picks native when the model lists "tools", and the text protocol otherwise', async () => {
    const native = harness([final('x')], {
      settings: { protocol: 'auto' },
      model: { capabilities: ['completion', 'tools'] },
    });
    await native.agent.run('go');
    expect(native.of('protocol.selected')[0]).toMatchObject({ protocol: 'native' });
    expect(native.model.requests[0].tools?.length).toBeGreaterThan(0);
    const text = harness([final('x')], { settings: { protocol: 'auto' }, model: { capabilities: ['completion'] } });
    await text.agent.run('go');
    expect(text.of('protocol.selected')[0]).toMatchObject({ protocol: 'text' });
    expect(text.model.requests[0].tools).toBeUndefined();
  });

  it('T6 after repeated format errors the text protocol switches to constrained JSON output and says so', async () => {
    const h = harness(
      [
        { text: '<tool>{bad' },
        { text: '<tool>{bad' },
        { text: '{"action":"tool","name":"list_files","args":{}}' },
        { text: '{"action":"final","final":"rescued"}' },
      ],
      {
        settings: { limits: { maxFormatErrors: 5, maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFailedSteps: 0 } },
      },
    );
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'rescued' });
    // One alternative per tool (its own argument schema), and one for the final answer.
    const alternatives = (
      h.model.requests[2].format as {
        anyOf: { properties: { name?: { enum: string[] }; args?: { additionalProperties: boolean } } }[];
      }
    ).anyOf;
    expect(alternatives.map((entry) => entry.properties.name?.enum[0] ?? 'final')).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'list_files', 'final']),
    );
    expect(alternatives.find((entry) => entry.properties.name?.enum[0] === 'read_file')!.properties.args).toMatchObject(
      { additionalProperties: false, required: ['path'] },
    );
    expect(h.of('request.sent')[2].constrained).toBe(true);
    expect(h.of('notice').map((event) => event.reason)).toContain('constrained-output');
    expect(toolResults(h)[0]).toBe('(empty folder)');
  });
});

describe('the constrained protocol', () => {
  it('T6 "constrained" sends the envelope schema from the first request and describes only the JSON form', async () => {
    const h = harness(
      [
        { text: '{"action":"tool","name":"write_file","args":{"path":"a.html","content":"<p>hi</p>"}}' },
        { text: '{"action":"final","final":"wrote it"}' },
      ],
      { settings: { protocol: 'constrained' } },
    );
    const result = await h.agent.run('write a page');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'wrote it' });
    expect(h.model.requests.every((request) => request.format !== undefined)).toBe(true);
    const system = h.model.requests[0].messages[0].content;
    expect(system).toContain('{"action":"tool","name":"read_file","args":');
    expect(system).not.toContain('<tool>');
    expect(await h.workspace.readFile('a.html')).toBe('<p>hi</p>');
  });
});

describe('T6 the JSON envelope as small models write it', () => {
  it('T6 a raw line break or tab inside a string is read as the one it means (recorded: qwen-1.5b-node-errors, a delegate child)', async () => {
    const code = 'export function square(n) {\n\treturn n * n;\n}\n';
    const raw = code.replace(/\n/g, '\n').replace(/\t/g, '\t');
    const h = harness(
      [
        // JSON.parse refuses these ("Bad control character in string literal"): 3 such replies ended the run.
        { text: `{"action":"tool","name":"write_file","args":{"path":"src/shapes.js","content":"${raw}"}}` },
        { text: '{"action":"final","final":"Done: exported square.\nThe tests\tpass."}' },
      ],
      { settings: { protocol: 'constrained' } },
    );
    const { outcome } = await h.agent.run('Write src/shapes.js exporting square.');
    expect(outcome).toEqual({ kind: 'final', answer: 'Done: exported square.\nThe tests\tpass.' });
    expect(await h.workspace.readFile('src/shapes.js')).toBe(code);
    expect(h.of('notice').map((event) => event.reason)).not.toContain('malformed');
  });

  it('T6 only control characters inside strings are mended: a reply broken otherwise stays malformed', async () => {
    const h = harness(
      [{ text: '{"action":"final","final":"half\n' }, { text: '{"action":"final" "final":"x"}' }, final('ok')],
      {
        settings: { protocol: 'constrained' },
      },
    );
    await h.agent.run('go');
    const problems = h.of('parse.result').map((event) => JSON.stringify(event));
    expect(problems.filter((text) => text.includes('not the JSON envelope'))).toHaveLength(2);
  });
});

describe('tool results in the text protocol', () => {
  it('T6 tool results come back as user messages labelled with the tool', async () => {
    const h = harness([tool('list_files'), final('ok')], { files: { 'a.txt': 'a' } });
    await h.agent.run('go');
    expect(
      h.model.requests[1].messages.find((message) => message.content.startsWith('[tool result: list_files]'))?.role,
    ).toBe('user');
  });
});
