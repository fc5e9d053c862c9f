import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';

describe('delegation', () => {
  it('D1 a child agent investigates read-only with its own transcript, and its answer returns as a tool result', async () => {
    const h = harness(
      [
        tool('delegate', { task: 'find where sum is defined', max_steps: 2 }),
        // The child's replies: it may read, but not write.
        tool('search', { pattern: 'function sum' }),
        { text: '<tool name="write_file" path="evil.txt"><content>x</content></tool>' },
        final('the parent finished'),
      ],
      { files: { 'src/math.js': 'export function sum() {}\n' } },
    );
    const result = await h.agent.run('where is sum?');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'the parent finished' });
    const [delegated] = toolResults(h);
    expect(delegated).toMatch(/delegate_result \(child session .*, 2 steps, limit reached \(steps\)/);
    expect(await h.workspace.stat('evil.txt')).toBeNull();
    expect(h.of('delegate.started')).toHaveLength(1);
    expect(h.of('delegate.finished')[0].outcome.kind).toBe('limit');
    expect(h.events.some((event) => event.type === 'run.started' && event.depth === 1)).toBe(true);
    const child = (await h.store.list()).find((summary) => summary.parentId === h.agent.session.id);
    expect(child).toBeDefined();
    const transcript = await h.store.load(child!.id);
    expect(transcript?.history.find((item) => item.kind === 'tool' && item.name === 'search')?.content).toContain(
      'src/math.js:1:',
    );
    expect(transcript?.history.find((item) => item.kind === 'tool' && item.name === 'write_file')?.content).toContain(
      'not available in read-only mode',
    );
    expect(transcript?.settings.approval).toBe('never');
    const childPrompt = h.model.requests[1].messages;
    expect(childPrompt[0].content).not.toContain('- delegate(');
    expect(childPrompt[0].content).not.toContain('- write_file(');
    expect(childPrompt.map((message) => message.content).join('\n')).toContain('Parent task: where is sum?');
    expect(h.agent.session.history.find((item) => item.kind === 'tool')).toMatchObject({ childSessionId: child!.id });
  });

  it('D1 depth is bounded: with max depth 0 there is no delegate tool', async () => {
    const h = harness([tool('delegate', { task: 'x' }), final('ok')], { settings: { maxDepth: 0 } });
    await h.agent.run('go');
    expect(toolResults(h)[0]).toContain('delegation depth exceeded');
  });
});
