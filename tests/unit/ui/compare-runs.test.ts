import { describe, expect, it } from 'vitest';
import { final, harness, tool } from '../helpers';
import { alignRuns, requestDiff, stepsOf } from '../../../src/lib/ui/compare-runs';
import { sentRequests } from '../../../src/lib/harness/request-log';

describe('comparing two runs', () => {
  it("U5 a step is keyed by the events' fields, not by their display text (a recovered call reads like any other)", async () => {
    const files = { 'a.txt': 'alpha\n' };
    const written = { text: '```json\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n```' };
    const recovered = harness([written, { text: 'done' }], {
      files,
      settings: { protocol: 'native' },
      model: { capabilities: ['tools'] },
    });
    const plain = harness([{ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }, { text: 'done' }], {
      files,
      settings: { protocol: 'native' },
      model: { capabilities: ['tools'] },
    });
    await recovered.agent.run('look');
    await plain.agent.run('look');
    const [first] = stepsOf(recovered.events, recovered.agent.session.id);
    expect(first.action).toBe('read_file {"path":"a.txt","start":1,"end":200}');
    const aligned = alignRuns(
      stepsOf(recovered.events, recovered.agent.session.id),
      stepsOf(plain.events, plain.agent.session.id),
    );
    expect(aligned.rows.map((row) => row.same)).toEqual([true, true]);
  });

  it('U5 steps align by number; the first different action is found; requests diff where the prompts part', async () => {
    const files = { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' };
    const a = harness([tool('read_file', { path: 'a.txt' }), tool('list_files'), final('A')], { files });
    const b = harness([tool('read_file', { path: 'a.txt' }), tool('read_file', { path: 'b.txt' }), final('B')], {
      files,
    });
    await a.agent.run('look');
    await b.agent.run('look');
    const stepsA = stepsOf(a.events, a.agent.session.id);
    const stepsB = stepsOf(b.events, b.agent.session.id);
    expect(stepsA.map((step) => step.key)).toEqual([
      'read_file:{"end":200,"path":"a.txt","start":1}',
      'list_files:{"path":"."}',
      'final',
    ]);
    const aligned = alignRuns(stepsA, stepsB);
    expect(aligned.firstDivergence).toBe(2);
    // Both ended with a final answer at step 3: the same kind of action, whatever the words.
    expect(aligned.rows.map((row) => row.same)).toEqual([true, false, true]);
    const requestsA = sentRequests(a.events);
    const requestsB = sentRequests(b.events);
    expect(requestDiff(requestsA[1], requestsB[1], ['A', 'B'])).not.toContain('@@');
    expect(requestDiff(requestsA[2], requestsB[2], ['A', 'B'])).toContain('@@');
  });
});
