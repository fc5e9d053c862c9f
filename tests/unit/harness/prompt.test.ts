import { describe, expect, it } from 'vitest';
import { assemblePrefix } from '../../../src/lib/harness/prompt/assemble-prefix';
import { renderTemplate, TemplateError } from '../../../src/lib/harness/prompt/template';
import { buildToolset } from '../../../src/lib/harness/tools/tool-registry';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { final, harness, tool } from '../helpers';
import type { PromptState } from '../../../src/lib/harness/prompt/prompt-variables';

async function state(files: Record<string, string> = {}, protocol: 'text' | 'native' = 'text'): Promise<PromptState> {
  const workspace = new MemoryWorkspace({ files });
  const environment = workspace.describe();
  const toolset = buildToolset({ profile: 'structured', readOnly: false, canDelegate: true, environment });
  return { protocol, tools: [...toolset.tools.values()], environment, repo: await workspace.repoContext(), depth: 0 };
}

describe('prompt', () => {
  it('P1 chooses sections from real state: docs only when the project has them, examples only for the text protocol', async () => {
    const bare = assemblePrefix(await state());
    expect(bare.sections.map((section) => section.name)).toEqual([
      'identity',
      'rules',
      'tools',
      'environment',
      'examples',
      'workspace',
    ]);
    const withDocs = assemblePrefix(await state({ 'README.md': '# Demo\nRun the tests with npm test.' }));
    expect(withDocs.sections.map((section) => section.name)).toContain('docs');
    expect(withDocs.text).toContain('Run the tests with npm test.');
    const native = assemblePrefix(await state({}, 'native'));
    expect(native.sections.map((section) => section.name)).not.toContain('examples');
    expect(native.text).toContain('reply in plain text without a tool call');
  });

  it("P2 two workspaces' prompts share every section that does not name their files: a server reads only the rest", async () => {
    const one = assemblePrefix(await state({ 'notes.txt': 'a\n' }));
    const two = assemblePrefix(await state({ 'src/main.js': 'b\n', 'data/list.csv': 'c\n' }));
    let common = 0;
    while (common < one.text.length && one.text[common] === two.text[common]) common++;
    const shared = one.sections.slice(
      0,
      one.sections.findIndex((section) => section.name === 'examples'),
    );
    expect(shared.map((section) => section.name)).toEqual(['identity', 'rules', 'tools', 'environment']);
    expect(common).toBeGreaterThanOrEqual(shared.map((section) => section.text).join('\n\n').length);
  });

  it('P1 the tools section lists exactly the tools of the session', async () => {
    const h = harness([final('ok')], { settings: { toolProfile: 'bash-only' } });
    await h.agent.run('hi');
    const system = h.model.requests[0].messages[0].content;
    expect(system).toContain('- run_shell(');
    expect(system).not.toContain('- read_file(');
  });

  it('P2 the same state yields the byte-identical prefix', async () => {
    const a = assemblePrefix(await state({ 'README.md': 'x' }));
    const b = assemblePrefix(await state({ 'README.md': 'x' }));
    expect(b.text).toBe(a.text);
    const c = assemblePrefix(await state({ 'README.md': 'y' }));
    expect(c.text).not.toBe(a.text);
  });

  it('P2 requests are ordered stable-first and report how much repeats the previous request', async () => {
    const h = harness([tool('list_files'), tool('read_file', { path: 'a.txt' }), final('done')], {
      files: { 'a.txt': 'a' },
    });
    await h.agent.run('look around');
    const [first, second] = h.model.requests;
    expect(first.messages[0].role).toBe('system');
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    const assembled = h.of('prompt.assembled');
    expect(assembled[0].reusedChars).toBe(0);
    expect(assembled[1].reusedChars).toBeGreaterThan(assembled[0].totalChars - 1);
    expect(assembled[1].sections.map((section) => section.name)).toContain('tools');
    const done = h.of('response.done');
    expect(done[1].reusedPromptTokens).toBeGreaterThan(0);
  });

  it('P3 a template with a missing variable is an error that names it', () => {
    expect(() => renderTemplate('rules', 'Hello {{name}} and {{other}}', { name: 'x' })).toThrow(TemplateError);
    expect(() => renderTemplate('rules', 'Hello {{other}}', {})).toThrow(/rules.*other/);
    expect(renderTemplate('rules', 'empty: [{{name}}]', { name: '' })).toBe('empty: []');
  });

  it('P3 a session override with an unknown variable ends the run with a prompt error, not a blank line', async () => {
    const h = harness([final('never asked')], {
      settings: { sectionOverrides: { identity: 'You are {{no_such_thing}}.' } },
    });
    const result = await h.agent.run('hi');
    expect(result.outcome).toMatchObject({ kind: 'error', error: { kind: 'prompt' } });
    expect(JSON.stringify(result.outcome)).toContain('no_such_thing');
    expect(h.model.requests).toHaveLength(0);
  });

  it('P4 a section override is used in the next request', async () => {
    const h = harness([final('ok')], {
      settings: { sectionOverrides: { identity: 'You are a careful tester using {{backend}}.' } },
    });
    await h.agent.run('hi');
    expect(h.model.requests[0].messages[0].content).toContain('You are a careful tester using memory-shell');
  });

  it('P4 an emptied section leaves the prefix without a blank paragraph and stays listed to be filled again', async () => {
    const base = await state();
    const whole = assemblePrefix(base);
    const emptied = assemblePrefix(base, { examples: '' });
    expect(whole.text).toContain('Valid replies:');
    expect(emptied.text).not.toContain('Valid replies:');
    expect(emptied.text).not.toMatch(/\n\n\n/);
    expect(emptied.text).toContain('Tools:\n');
    expect(emptied.sections.find((section) => section.name === 'examples')).toMatchObject({ text: '', edited: true });
  });

  it('W5 the offline shell prompt says what its node is (QuickJS with fs and require, no processes or packages) and that cd does not persist', async () => {
    const prefix = assemblePrefix(await state());
    expect(prefix.text).toContain('not available: git (binary), network');
    expect(prefix.text).toContain(
      'node is not Node.js: it runs JavaScript in a QuickJS sandbox (ES modules and CommonJS require',
    );
    expect(prefix.text).toContain('there is no child_process, network or npm package');
    expect(prefix.text).toContain('npm only runs package.json scripts');
    expect(prefix.text).toContain('cd and variables do not persist');
    expect(prefix.text).toContain('"command":"node --test"');
    expect(prefix.text).not.toMatch(/git (status|log|commit)|pip install|npm install/);
  });

  it('S3 memory is rendered after the stable prefix, as the history grows', async () => {
    const h = harness(
      [tool('read_file', { path: 'a.txt' }), tool('note', { text: 'a.txt holds the answer' }), final('ok')],
      { files: { 'a.txt': 'a' } },
    );
    await h.agent.run('read a');
    const last = h.model.requests[2].messages;
    expect(last[0].content).not.toContain('Memory:');
    const memory = last.filter((message) => message.content.startsWith('Memory:'));
    expect(memory.at(-1)?.content).toContain('- files: a.txt');
    expect(memory.at(-1)?.content).toContain('a.txt holds the answer');
    expect(h.agent.session.memory).toEqual({ task: 'read a', files: ['a.txt'], notes: ['a.txt holds the answer'] });
  });
});
