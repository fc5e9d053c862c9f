import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/lib/harness/agent';
import { resetSession } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import type { HistoryItem } from '../../../src/lib/harness/session';
import { final, harness, tool } from '../helpers';

/** A store that fails on the nth append, like a full disk. */
class FailingStore extends MemorySessionStore {
  appends = 0;
  constructor(private readonly failAt: number) {
    super();
  }
  override async appendItem(sessionId: string, item: HistoryItem): Promise<void> {
    if (++this.appends === this.failAt) throw new Error('QuotaExceededError: the disk is full');
    return super.appendItem(sessionId, item);
  }
}

describe('sessions', () => {
  it('S1 a session holds id, time, workspace, model, settings, timestamped history and memory', async () => {
    const h = harness([tool('list_files'), final('ok')]);
    await h.agent.run('look');
    const session = h.agent.session;
    expect(session.id).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(session.workspace.backend).toBe('memory-shell');
    expect(session.model).toBe('scripted');
    expect(session.settings.protocol).toBe('text');
    expect(session.history.map((entry) => entry.kind)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(session.history.every((entry, index) => entry.seq === index && entry.at > 0)).toBe(true);
    expect(session.memory.task).toBe('look');
  });

  it('S2 every item is in the store before the next model call', async () => {
    const store = new MemorySessionStore();
    const counts: number[] = [];
    const model = new ScriptedModelClient([tool('list_files'), tool('note', { text: 'n' }), final('ok')]);
    const chat = model.chat.bind(model);
    let id = '';
    model.chat = async (request) => {
      counts.push((await store.load(id))?.history.length ?? -1);
      return chat(request);
    };
    const agent = new Agent({
      model,
      modelName: 'm',
      workspace: new MemoryWorkspace(),
      store,
      settings: defaultSettings({ protocol: 'text' }),
    });
    id = agent.session.id;
    await agent.run('go');
    expect(counts).toEqual([1, 3, 6]);
    expect((await store.load(id))?.history).toEqual(agent.session.history);
  });

  it('S2 a store failure ends the run with a clear error and keeps what was stored', async () => {
    const store = new FailingStore(3);
    const agent = new Agent({
      model: new ScriptedModelClient([tool('list_files'), final('ok')]),
      modelName: 'm',
      workspace: new MemoryWorkspace(),
      store,
      settings: defaultSettings({ protocol: 'text' }),
    });
    const result = await agent.run('go');
    expect(result.outcome).toMatchObject({
      kind: 'error',
      error: { kind: 'store', message: expect.stringContaining('disk is full') },
    });
    expect((await store.load(agent.session.id))?.history).toHaveLength(2);
  });

  it('S2 an aborted run is saved in the finally path and resumes as the same session', async () => {
    const store = new MemorySessionStore();
    const workspace = new MemoryWorkspace();
    const controller = new AbortController();
    const first = new Agent({
      model: new ScriptedModelClient([
        tool('write_file', { path: 'a.txt', content: 'one' }),
        { text: '<final>late</final>', delayMs: 5000 },
      ]),
      modelName: 'm',
      workspace,
      store,
      settings: defaultSettings({ protocol: 'text', approval: 'auto' }),
      onEvent: (event) => event.type === 'tool.finished' && controller.abort(),
    });
    const aborted = await first.run('write a', { signal: controller.signal });
    expect(aborted.outcome.kind).toBe('aborted');
    const stored = await store.load(first.session.id);
    expect(stored?.history.map((entry) => entry.kind)).toEqual(['user', 'assistant', 'tool', 'notice']);
    expect((await store.loadEvents(first.session.id)).at(-1)?.type).toBe('run.finished');

    const model = new ScriptedModelClient([final('resumed')]);
    const resumed = new Agent({
      model,
      modelName: 'm',
      workspace,
      store,
      session: stored!,
      settings: stored!.settings,
    });
    const result = await resumed.run('');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'resumed' });
    expect(resumed.session.id).toBe(first.session.id);
    expect(model.requests[0].messages.map((message) => message.content).join('\n')).toContain('wrote a.txt');
    expect((await store.load(first.session.id))?.history.at(-2)).toMatchObject({ kind: 'notice', reason: 'resumed' });
  });

  it('S2 a native tool call cut off before its result is answered with an error on resume', async () => {
    const store = new MemorySessionStore();
    const h = harness([final('x')], { settings: { protocol: 'native' } });
    const session = h.agent.session;
    session.history.push(
      { seq: 0, at: 1, kind: 'user', content: 'go' },
      { seq: 1, at: 2, kind: 'assistant', content: '', toolCalls: [{ name: 'list_files', arguments: {} }] },
    );
    await store.saveSession(session);
    const model = new ScriptedModelClient([{ text: 'done' }]);
    const agent = new Agent({
      model,
      modelName: 'm',
      workspace: new MemoryWorkspace(),
      store,
      session,
      settings: session.settings,
    });
    await agent.run('');
    const messages = model.requests[0].messages;
    expect(messages[2]).toMatchObject({ role: 'assistant' });
    expect(messages[3]).toMatchObject({
      role: 'tool',
      toolName: 'list_files',
      content: expect.stringContaining('interrupted'),
    });
  });

  it('S3 the note tool writes to memory, which is stored with the session', async () => {
    const h = harness([tool('note', { text: 'tests live in test/' }), final('ok')]);
    await h.agent.run('go');
    expect((await h.store.load(h.agent.session.id))?.memory.notes).toEqual(['tests live in test/']);
  });

  it('S4 reset clears history and memory', async () => {
    const h = harness([tool('note', { text: 'x' }), final('ok')]);
    await h.agent.run('go');
    const cleared = resetSession(h.agent.session);
    expect(cleared.history).toEqual([]);
    expect(cleared.memory).toEqual({ task: '', files: [], notes: [] });
    expect(cleared.id).toBe(h.agent.session.id);
  });
});
