/**
 * T6: tool calls as small models really write them run as those calls, in every protocol, and
 * say so; what is not a call to a declared tool never runs.
 */
import { describe, expect, it } from 'vitest';
import { recoverToolCall } from '../../../src/lib/harness/protocol/recover-call';
import { parseNativeReply } from '../../../src/lib/harness/protocol/native-protocol';
import { parseTextReply } from '../../../src/lib/harness/protocol/text-protocol';
import { baseTools } from '../../../src/lib/harness/tools/tool-registry';
import { harness, tunedHarness } from '../helpers';

const declared = new Map(baseTools.map((tool) => [tool.name, Object.keys(tool.parameters.properties)]));
const tools = { argumentNames: (name: string) => declared.get(name) };
const native = (content: string) => parseNativeReply({ content, toolCalls: [] }, tools);
const write = { name: 'write_file', arguments: { path: 'hello.txt', content: 'hi' } };

describe('T6 recovering tool calls written in the text', () => {
  it('T6 a fenced JSON call in a native reply runs as that call, with the form it came in', () => {
    const reply = '```json\n{"name": "write_file", "arguments": {"path": "hello.txt", "content": "hi"}}\n```';
    expect(native(reply)).toEqual({
      kind: 'tool',
      calls: [write],
      form: 'fenced-json',
      recovered: { besideName: false },
    });
  });

  it('T6 bare JSON, "parameters", a list, <tool_call> blocks and the OpenAI wrapper are recovered', () => {
    expect(native('{"name": "write_file", "parameters": {"path": "hello.txt", "content": "hi"}}')).toMatchObject({
      kind: 'tool',
      calls: [write],
      form: 'bare-json',
    });
    expect(
      native('[{"name": "read_file", "arguments": {"path": "a"}}, {"name": "list_files", "arguments": {}}]'),
    ).toMatchObject({
      calls: [
        { name: 'read_file', arguments: { path: 'a' } },
        { name: 'list_files', arguments: {} },
      ],
    });
    expect(
      native(
        '<tool_call>\n{"name": "read_file", "arguments": {"path": "a"}}\n</tool_call>\n<tool_call>\n{"name": "list_files", "arguments": {}}\n</tool_call>',
      ),
    ).toMatchObject({ form: 'tool_call', calls: [{ name: 'read_file' }, { name: 'list_files' }] });
    expect(
      native('{"type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"a\\"}"}}'),
    ).toMatchObject({ calls: [{ name: 'read_file', arguments: { path: 'a' } }] });
  });

  it('T6 a short sentence around the call is allowed; a multi-line file content with raw newlines still parses', () => {
    const reply =
      'I will create the file.\n```json\n{"name": "write_file", "arguments": {"path": "a.js", "content": "line 1\nline 2\n"}}\n```';
    expect(native(reply)).toMatchObject({
      kind: 'tool',
      calls: [{ name: 'write_file', arguments: { path: 'a.js', content: 'line 1\nline 2\n' } }],
    });
  });

  it('T6 name({…}), the form the native examples show, is recovered; a function call in code is not', () => {
    expect(native('run_shell({"command":"ls"})')).toMatchObject({
      kind: 'tool',
      calls: [{ name: 'run_shell', arguments: { command: 'ls' } }],
      form: 'call-syntax',
    });
    expect(native('make_dir({"path":"a"})')).toMatchObject({ kind: 'malformed', listTools: true });
    expect(native('```js\nconst r = read_file({ path: "a" });\nconsole.log(r);\n```')).toMatchObject({ kind: 'final' });
    expect(
      native('Call read_file({"path": "a"}) for example, then read the result carefully and explain.'),
    ).toMatchObject({
      kind: 'final',
    });
  });

  it('T6 arguments written beside the name are taken as the arguments', () => {
    expect(native('{"name": "write_file", "path": "hello.txt", "content": "hi"}')).toEqual({
      kind: 'tool',
      calls: [write],
      form: 'bare-json',
      recovered: { besideName: true },
    });
    // Qwen2.5-Coder-1.5B in the text protocol: the path was right there.
    expect(parseTextReply('<tool>{"name":"write_file","path":"port.txt","content":"8443"}</tool>')).toEqual({
      kind: 'tool',
      calls: [{ name: 'write_file', arguments: { path: 'port.txt', content: '8443' } }],
      form: 'json',
      recovered: { besideName: true },
    });
  });

  it('T6 never recovered: JSON in an answer that explains an API, data with a name, code in another language', () => {
    const explaining =
      'To create a file, the agent sends a request like this:\n```json\n{"name": "write_file", "arguments": {"path": "a.txt", "content": "x"}}\n```\nThe server then writes the file and answers with the number of bytes written, which the agent reads back.';
    expect(native(explaining)).toMatchObject({ kind: 'final' });
    expect(
      native('Here is an example:\n```json\n{"name": "write_file", "arguments": {"path": "a"}}\n```'),
    ).toMatchObject({ kind: 'final' });
    expect(native('{"name": "Ada Lovelace", "born": 1815}')).toMatchObject({ kind: 'final' });
    const code = "```js\nawait client.call({ name: 'write_file', arguments: { path: 'a.txt' } });\n```";
    expect(native(code)).toMatchObject({ kind: 'final' });
    const sample = '```python\ncall = {"name": "write_file", "arguments": {"path": "a.txt", "content": "x"}}\n```';
    expect(native(sample)).toMatchObject({ kind: 'final' });
    // A declared name with keys that are not its arguments is data, not a call.
    expect(native('{"name": "search", "version": "1.0.0", "license": "MIT"}')).toMatchObject({ kind: 'final' });
  });

  it('T6 a call to an undeclared name is never run: the reply is malformed and the notice lists the tools', () => {
    expect(recoverToolCall('{"name": "notes/motd.txt", "arguments": {"content": "hi"}}', tools)).toEqual({
      kind: 'unknown-name',
      names: ['notes/motd.txt'],
    });
    expect(native('{"name": "notes/motd.txt", "arguments": {"content": "hi"}}')).toMatchObject({
      kind: 'malformed',
      listTools: true,
      problem: expect.stringContaining('"notes/motd.txt" is not a tool'),
    });
    // Qwen2.5-Coder-0.5B on copy-port: a file name, a colon, and a "call" to the config file.
    expect(native('Answer.txt: {"name": "config/server.json", "arguments": {"port": 8080}}')).toMatchObject({
      kind: 'malformed',
      problem: expect.stringContaining('"config/server.json" is not a tool'),
    });
    expect(parseTextReply('<tool_call>{"name": "make_file", "arguments": {}}</tool_call>')).toMatchObject({
      kind: 'malformed',
      listTools: true,
    });
  });

  it('T6 through the loop: the recovered call runs, the event and the transcript item say how it came', async () => {
    const h = harness(
      [
        { text: '```json\n{"name": "write_file", "arguments": {"path": "hello.txt", "content": "hi"}}\n```' },
        { text: 'Done: hello.txt holds "hi".' },
      ],
      { settings: { protocol: 'native' }, model: { capabilities: ['completion', 'tools'] } },
    );
    const result = await h.agent.run('Create hello.txt containing hi');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'Done: hello.txt holds "hi".' });
    expect(await h.workspace.readFile('hello.txt')).toBe('hi');
    expect(h.of('parse.result')[0]).toMatchObject({ kind: 'tool', recovered: 'a fenced JSON block in the text' });
    // The next request shows the reply as the model wrote it (its text), and the result as a tool message.
    const second = h.model.requests[1].messages;
    const replied = second.findIndex((message) => message.role === 'assistant');
    expect(second[replied].content).toContain('```json');
    expect(second[replied + 1]).toMatchObject({ role: 'tool' });
    expect(second[replied + 1].content).toMatch(/^wrote hello\.txt \(2 chars, 1 lines\)/);
  });

  it('T6 through the loop: a path where the tool name goes gets a notice that says so, with every tool and an example', async () => {
    const h = harness([{ text: '{"name": "notes/motd.txt", "arguments": {"content": "hi"}}' }, { text: 'ok' }], {
      settings: { protocol: 'native' },
      model: { capabilities: ['completion', 'tools'] },
    });
    await h.agent.run('Write hi into notes/motd.txt');
    const notice = h.of('notice').find((event) => event.reason === 'malformed')!;
    expect(notice.text).toContain('"notes/motd.txt" is not a tool');
    expect(notice.text).toContain('- write_file: write_file({"path":');
    expect(notice.text).toContain('- read_file: read_file(');
    expect(await h.workspace.stat('notes/motd.txt')).toBeNull();
  });

  it('T6 recovery is a harness choice: with recoverCalls false a fenced call is the final answer, as it was', async () => {
    const reply = '```json\n{"name": "write_file", "arguments": {"path": "hello.txt", "content": "hi"}}\n```';
    // Sent back twice as an answer without the file the task asks for (asked-file), then it stands.
    const h = tunedHarness([{ text: reply }, { text: reply }, { text: reply }], {
      settings: { protocol: 'native', recoverCalls: false },
      model: { capabilities: ['completion', 'tools'] },
    });
    const result = await h.agent.run('Create hello.txt containing hi');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: reply,
      flags: [{ kind: 'after-send-back', rules: ['asked-file'], times: 2 }],
    });
    expect(h.of('tool.started')).toEqual([]);
    expect(await h.workspace.stat('hello.txt')).toBeNull();
  });

  it('T6 an answer that describes a call is asked about once: the call made next runs; the same answer again stands', async () => {
    const described =
      'To create a file named `hello.txt` with the specified content using the `write_file` function, you can use the ' +
      'following command:\n\n```json\n{\n  "name": "write_file",\n  "arguments": {\n    "content": "hi",\n    "path": "hello.txt"\n  }\n}\n```\n\n' +
      'This will create a file named `hello.txt` in the current workspace with the content "hi".';
    const call = '```json\n{"name": "write_file", "arguments": {"path": "hello.txt", "content": "hi"}}\n```';
    const native = { settings: { protocol: 'native' as const }, model: { capabilities: ['completion', 'tools'] } };
    const h = tunedHarness([{ text: described }, { text: call }, { text: 'Created hello.txt.' }], native);
    const result = await h.agent.run('Create a file named hello.txt whose only content is: hi');
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: 'Created hello.txt.',
      flags: [{ kind: 'after-send-back', rules: ['described-call'], times: 1 }],
    });
    expect(await h.workspace.readFile('hello.txt')).toBe('hi');
    const notice = h.of('notice').find((event) => event.reason === 'described-call')!;
    expect(notice.text).toContain('your reply describes a write_file call but does not make it');
    // Explaining an API is an answer: said twice, it stands, and nothing runs.
    const api = tunedHarness([{ text: described }, { text: described }], native);
    const explained = await api.agent.run('How would I create hello.txt with the write_file tool? Do not do it.');
    expect(explained.outcome).toEqual({
      kind: 'final',
      answer: described,
      flags: [{ kind: 'after-send-back', rules: ['described-call'], times: 1 }],
    });
    expect(await api.workspace.stat('hello.txt')).toBeNull();
  });
});
