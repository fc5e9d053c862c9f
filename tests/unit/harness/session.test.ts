import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/lib/harness/agent';
import { resetSession } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import { FileSessionStore } from '../../../src/lib/store/file-session-store';
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

  it("S3 memory.task is the current turn's task: a second turn interrupted and resumed is told to continue that one", async () => {
    const store = new MemorySessionStore();
    const workspace = new MemoryWorkspace({ files: {} });
    const controller = new AbortController();
    const agent = new Agent({
      model: new ScriptedModelClient([
        final('first done'),
        tool('write_file', { path: 'b.txt', content: 'b' }),
        final('never reached'),
      ]),
      modelName: 'm',
      workspace,
      store,
      settings: defaultSettings({ protocol: 'text', approval: 'auto' }),
      onEvent: (event) => event.type === 'tool.finished' && controller.abort(),
    });
    expect((await agent.run('first task')).outcome.kind).toBe('final');
    expect((await agent.run('second task', { signal: controller.signal })).outcome.kind).toBe('aborted');
    expect(agent.session.memory.task).toBe('second task');
    const stored = (await store.load(agent.session.id))!;
    const model = new ScriptedModelClient([final('resumed')]);
    await new Agent({ model, modelName: 'm', workspace, store, session: stored, settings: stored.settings }).run('');
    const after = (await store.load(agent.session.id))!;
    const notice = after.history.findLast((item) => item.kind === 'notice' && item.reason === 'resumed');
    expect(notice?.content).toContain('Continue with the task: second task');
  });

  it('S2 two writers on one session: the stale one is refused and leaves the stored memory as it was', async () => {
    const store = new FileSessionStore(mkdtempSync(path.join(tmpdir(), 'harness-two-writers-')));
    const workspace = new MemoryWorkspace({ files: {} });
    const settings = defaultSettings({ protocol: 'text', approval: 'auto' });
    const first = new Agent({
      model: new ScriptedModelClient([final('hello')]),
      modelName: 'm',
      workspace,
      store,
      settings,
    });
    await first.run('start');
    const id = first.session.id;
    // Two processes load the same session; the first one to run writes a file (memory.files).
    const [copyA, copyB] = [(await store.load(id))!, (await store.load(id))!];
    const writer = new Agent({
      model: new ScriptedModelClient([tool('write_file', { path: 'a.txt', content: 'a' }), final('wrote a')]),
      modelName: 'm',
      workspace,
      store,
      session: copyA,
      settings,
    });
    expect((await writer.run('write a')).outcome.kind).toBe('final');
    const before = (await store.load(id))!;
    expect(before.memory.files).toContain('a.txt');
    const stale = new Agent({
      model: new ScriptedModelClient([final('never')]),
      modelName: 'm',
      workspace,
      store,
      session: copyB,
      settings,
    });
    const refused = await stale.run('something else');
    expect(refused.outcome).toMatchObject({
      kind: 'error',
      error: { message: expect.stringContaining('changed elsewhere') },
    });
    const after = (await store.load(id))!;
    expect(after.memory).toEqual(before.memory);
    expect(after.history).toEqual(before.history);
    expect(after.title).toBe(before.title);
  });

  it('S2 resuming a finished session with a new task adds no "resumed after an interruption" notice', async () => {
    const store = new MemorySessionStore();
    const workspace = new MemoryWorkspace({ files: {} });
    const settings = defaultSettings({ protocol: 'text', approval: 'auto' });
    const first = new Agent({
      model: new ScriptedModelClient([final('one')]),
      modelName: 'm',
      workspace,
      store,
      settings,
    });
    await first.run('first task');
    const stored = (await store.load(first.session.id))!;
    const model = new ScriptedModelClient([final('two')]);
    await new Agent({ model, modelName: 'm', workspace, store, session: stored, settings }).run('second task');
    const after = (await store.load(first.session.id))!;
    expect(after.history.some((item) => item.kind === 'notice' && item.reason === 'resumed')).toBe(false);
    expect(after.history.filter((item) => item.kind === 'user').map((item) => item.content)).toEqual([
      'first task',
      'second task',
    ]);
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

describe('U5 session titles', () => {
  it('S4 a long first line becomes a one-line title cut with an ellipsis, not a clip marker; a given title is kept', async () => {
    const long = `${'Make the failing checkout test pass without touching the test file itself '.repeat(2)}\nmore`;
    const h = harness([final('ok')]);
    await h.agent.run(long);
    expect(h.agent.session.title).toMatch(/^Make the failing checkout test .*…$/);
    expect(h.agent.session.title.length).toBeLessThanOrEqual(80);
    expect(h.agent.session.title).not.toMatch(/elided|\n/);
    const named = harness([final('ok')]);
    named.agent.session.title = 'eval: fix-typo · m · text · default #1';
    await named.agent.run(long);
    expect(named.agent.session.title).toBe('eval: fix-typo · m · text · default #1');
  });
});
