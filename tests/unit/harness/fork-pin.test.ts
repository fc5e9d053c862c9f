/**
 * U3: a fork sends its parent's prompt and tools (the pinned request), not ones rebuilt from
 * wherever it runs; what it cannot send as the parent did, it says.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool } from '../helpers';
import type { PinnedPrompt } from '../../../src/lib/harness/session';

const pin = (extra: Partial<PinnedPrompt> = {}): PinnedPrompt => ({
  protocol: 'text',
  sections: [
    { name: 'identity', text: 'PARENT IDENTITY' },
    { name: 'tools', text: 'PARENT TOOLS: read_file' },
  ],
  overrides: {},
  tools: ['read_file'],
  ...extra,
});

describe('U3 a pinned fork', () => {
  it("U3 sends its parent's system prompt and offers only its parent's tools", async () => {
    const h = harness([tool('write_file', { path: 'x.txt', content: 'y' }), final('ok')], { files: { 'a.txt': 'a' } });
    h.agent.session.pinned = pin();
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0]).toEqual({
      role: 'system',
      content: 'PARENT IDENTITY\n\nPARENT TOOLS: read_file',
    });
    // The parent did not offer write_file: it is not run here either.
    expect(await h.workspace.readFile('x.txt').catch(() => undefined)).toBeUndefined();
    expect(h.of('notice').filter((event) => event.reason === 'fork-differs')).toEqual([]);
  });

  it('U3 a section edited after forking is rendered from its new template; the others stay as sent', async () => {
    const h = harness([final('ok')]);
    h.agent.session.pinned = pin();
    h.agent.session.settings.sectionOverrides = { identity: 'EDITED IDENTITY' };
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0].content).toBe('EDITED IDENTITY\n\nPARENT TOOLS: read_file');
  });

  it('U3 another protocol builds the prompt afresh and says so; a tool this run cannot offer is named', async () => {
    const h = harness([final('ok')]);
    h.agent.session.pinned = pin({ protocol: 'native', tools: ['read_file', 'mystery_tool'] });
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0].content).toContain('Tools:');
    expect(h.model.requests[0].messages[0].content).not.toContain('PARENT');
    const [notice] = h.of('notice').filter((event) => event.reason === 'fork-differs');
    expect(notice.text).toContain("its protocol is text, the parent's was native");
    expect(notice.text).toContain('mystery_tool');
  });

  it('U3 native declarations are sent exactly as the parent sent them', async () => {
    const declarations = [{ name: 'read_file', description: 'AS THE PARENT SAID', parameters: { type: 'object' } }];
    const h = harness([{ text: 'done' }], { settings: { protocol: 'native' } });
    h.agent.session.pinned = pin({ protocol: 'native', nativeTools: declarations });
    await h.agent.run('go');
    expect(h.model.requests[0].tools).toEqual(declarations);
  });
});
