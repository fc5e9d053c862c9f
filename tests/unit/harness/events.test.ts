import { describe, expect, it } from 'vitest';
import { ScriptedApprover, final, harness, tool } from '../helpers';

describe('events', () => {
  it('O1 a run emits every kind of step event, in order, with session id and time', async () => {
    const h = harness(
      [
        { error: { kind: 'overloaded', message: 'busy', retryable: true } },
        { text: 'garbage <tool' },
        tool('write_file', { path: 'a.txt', content: 'x' }),
        final('ok'),
      ],
      { approver: new ScriptedApprover([true]), settings: { approval: 'ask' } },
    );
    await h.agent.run('go');
    const types = new Set(h.events.map((event) => event.type));
    for (const type of [
      'run.started',
      'protocol.selected',
      'prompt.assembled',
      'request.sent',
      'model.token',
      'response.done',
      'retry',
      'parse.result',
      'notice',
      'validation',
      'approval',
      'tool.started',
      'tool.finished',
      'history.appended',
      'memory.updated',
      'run.finished',
    ] as const) {
      expect(types, type).toContain(type);
    }
    expect(h.events.every((event) => event.sessionId === h.agent.session.id && event.at > 0)).toBe(true);
    const done = h.of('response.done')[0];
    expect(Object.keys(done.stats)).toEqual(
      expect.arrayContaining([
        'promptTokens',
        'outputTokens',
        'totalSeconds',
        'loadSeconds',
        'promptSeconds',
        'outputSeconds',
        'stopReason',
      ]),
    );
    const finished = h.of('tool.finished')[0];
    expect(finished).toMatchObject({
      tool: 'write_file',
      ok: true,
      rawChars: expect.any(Number),
      clippedChars: expect.any(Number),
      durationMs: expect.any(Number),
    });
    expect(h.of('run.finished')[0]).toMatchObject({ outcome: { kind: 'final' }, steps: 3 });
  });

  it('O1 events are stored with the session, without token chunks', async () => {
    const h = harness([tool('list_files'), final('ok')]);
    await h.agent.run('go');
    const stored = await h.store.loadEvents(h.agent.session.id);
    expect(stored.map((event) => event.type)).toContain('tool.finished');
    expect(stored.some((event) => event.type === 'model.token')).toBe(false);
    expect(stored.at(-1)?.type).toBe('run.finished');
  });

  it('O1 a listener that throws does not stop the run', async () => {
    const h = harness([tool('list_files'), final('ok')]);
    h.agent.options.onEvent = () => {
      throw new Error('broken listener');
    };
    const result = await h.agent.run('go');
    expect(result.outcome.kind).toBe('final');
  });
});

describe('requests as sent', () => {
  it('O1 U1 every request can be rebuilt exactly from the stored events, across compactions and runs', async () => {
    const { sentRequests } = await import('../../../src/lib/harness/request-log');
    const reads = Array.from({ length: 10 }, (_, index) =>
      tool('read_file', { path: `f${index % 3}.txt`, end: 40 + index }),
    );
    const files = Object.fromEntries([0, 1, 2].map((index) => [`f${index}.txt`, `${`line ${index} `.repeat(400)}\n`]));
    const h = harness([...reads, final('one'), final('two')], {
      files,
      agent: { budgets: { recentChars: 4000, oldToolChars: 100, oldTextChars: 100 } },
    });
    await h.agent.run('first run');
    await h.agent.run('second run');
    const stored = await h.store.loadEvents(h.agent.session.id);
    const rebuilt = sentRequests(stored);
    expect(rebuilt).toHaveLength(h.model.requests.length);
    rebuilt.forEach((request, index) => expect(request.messages).toEqual(h.model.requests[index].messages));
    expect(h.of('compaction').length).toBeGreaterThan(0);
  });
});
