/**
 * T6: a call is run only when the reply is that call. A tool's tag quoted inside prose — a docs
 * example, a README summarised, an HTML element named — meets the guard fenced JSON meets: it is
 * prose, and nothing runs. A short sentence beside a call still lets it run.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers';
import { parseTextReply } from '../../../src/lib/harness/protocol/text-protocol';

const page = '<!doctype html><title>Home</title>\n';

describe('T6 calls quoted in prose are not run', () => {
  it('T6 a write_file tag shown "only as an example from the docs" writes nothing under auto approval', async () => {
    const reply =
      'The docs show how to replace the page, for example:\n' +
      '<write_file path="index.html"><content><h1>pwned</h1></content></write_file>\n' +
      'That is only an example from the docs; I did not change anything.';
    const h = harness([{ text: reply }], { files: { 'index.html': page }, settings: { approval: 'auto' } });
    const { outcome } = await h.agent.run('What do the docs say about replacing the page?');
    expect(outcome.kind).toBe('final');
    expect(await h.workspace.readFile('index.html')).toBe(page);
    expect(h.of('tool.started')).toEqual([]);
  });

  it('T6 a run_shell tag inside a summary of a README does not run', async () => {
    const reply =
      'The README explains the setup in three parts. First it installs the tools, then it sets up the ' +
      'folders with <run_shell>touch pwned.txt</run_shell>, and at the end it runs the tests so that ' +
      'everything is checked before the first release of the project.';
    const h = harness([{ text: reply }], { files: { 'README.md': '# x\n' }, settings: { approval: 'auto' } });
    expect((await h.agent.run('Summarise the README.')).outcome.kind).toBe('final');
    expect(await h.workspace.stat('pwned.txt')).toBeNull();
  });

  it("T6 an answer that names HTML's <search> element is an answer, not a search call", () => {
    const names = () => ['pattern', 'path'];
    for (const reply of [
      'Wrap the form in the <search> element: it tells assistive technology that it is a search.',
      'Use <search><form action="/find"><input name="q"></form></search> around the form, as the spec says.',
    ])
      expect(parseTextReply(reply, { argumentNames: names }).kind, reply).toBe('final');
  });

  it('T6 the reply that is the call still runs, with or without a short sentence beside it', () => {
    const names = (tool: string) => (tool === 'read_file' ? ['path'] : undefined);
    for (const reply of ['<read_file path="a.txt"/>', 'I will read it first. <read_file path="a.txt"/>'])
      expect(parseTextReply(reply, { argumentNames: names })).toMatchObject({
        kind: 'tool',
        calls: [{ name: 'read_file', arguments: { path: 'a.txt' } }],
      });
    expect(parseTextReply('Reading it: <tool>{"name":"read_file","args":{"path":"a.txt"}}</tool>').kind).toBe('tool');
  });

  it("T6 the protocol's own <tool> form quoted inside a long text is not run; the model is told to send it alone", () => {
    const reply =
      'Here is how the agent would be called in the documentation, for example, when it wants to read a file ' +
      'and show it: <tool>{"name":"run_shell","args":{"command":"touch pwned.txt"}}</tool> and that is all.';
    const parsed = parseTextReply(reply);
    expect(parsed.kind).toBe('malformed');
    expect(parsed.kind === 'malformed' && parsed.problem).toContain('reply with the call alone');
  });
});
