import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import { TranscriptModel, itemsBeforeEvents } from '../../../src/lib/ui/transcript-model';
import { sentRequests } from '../../../src/lib/harness/request-log';
import { teachingSteps } from '../../../src/lib/ui/teaching/step-index';
import { applyUrlParameters, defaultPlaygroundSettings } from '../../../src/lib/ui/playground-settings';
import { unzipFiles, zipFiles } from '../../../src/lib/workspace/workspace-zip';
import { ScriptedApprover, final, harness, tool } from '../helpers';

describe('transcript', () => {
  it('U1 O4 the files shown with the task appear once in the transcript, after the task', async () => {
    const h = harness([final('done')], { files: { 'a.txt': 'a' }, settings: { profile: 'small' } });
    await h.agent.run('Look at a.txt.');
    const model = new TranscriptModel(h.agent.session.id);
    for (const event of h.events) model.apply(event);
    const entries = model.view();
    expect(entries.map((entry) => entry.kind).slice(0, 2)).toEqual(['user', 'notice']);
    expect(entries.filter((entry) => entry.kind === 'notice' && entry.reason === 'named-files')).toHaveLength(1);
    // Recorded before that (Lesson 6, from a sweep): the notice was a step-0 event and an item.
    const lesson = JSON.parse(readFileSync('src/lib/ui/teaching/lessons/real-coder.session.json', 'utf8')) as {
      session: { id: string };
      events: HarnessEvent[];
    };
    const replayed = new TranscriptModel(lesson.session.id);
    for (const event of lesson.events) replayed.apply(event);
    const shown = replayed.view().filter((entry) => entry.kind === 'notice' && entry.reason === 'named-files');
    expect(shown).toHaveLength(1);
  });

  it('O1 U1 events become user turns, streamed text, tool cards with results, approvals and the outcome', async () => {
    const h = harness(
      [
        { text: 'Reading.\n<tool>{"name":"read_file","args":{"path":"a.txt"}}</tool>', chunkSize: 3 },
        tool('write_file', { path: 'a.txt', content: 'b' }),
        final('done'),
      ],
      {
        files: { 'a.txt': 'a' },
        approver: new ScriptedApprover([false]),
        settings: { approval: 'ask' },
      },
    );
    await h.agent.run('change a');
    const model = new TranscriptModel(h.agent.session.id);
    for (const event of h.events) model.apply(event);
    const entries = model.view();
    expect(entries.map((entry) => entry.kind)).toEqual([
      'user',
      'assistant',
      'tool',
      'notice',
      'assistant',
      'approval',
      'tool',
      'assistant',
      'outcome',
    ]);
    expect(entries[1]).toMatchObject({
      kind: 'assistant',
      text: expect.stringContaining('Reading.'),
      streaming: false,
    });
    expect(entries[2]).toMatchObject({
      kind: 'tool',
      tool: 'read_file',
      status: 'ok',
      result: expect.stringContaining('1: a'),
      durationMs: expect.any(Number),
    });
    expect(entries[6]).toMatchObject({
      kind: 'tool',
      tool: 'write_file',
      status: 'refused',
      result: expect.stringContaining('approval denied'),
    });
    expect(entries.at(-1)).toMatchObject({
      kind: 'outcome',
      text: expect.stringContaining('Finished with a final answer'),
    });
    expect(model.steps.map((step) => step.step)).toEqual([1, 2, 3]);
    // Unchanged entries keep their identity between views; changed ones are new objects.
    const after = model.view();
    expect(model.view()[0]).toBe(after[0]);
  });

  it("O1 a delegated child's events stay out of the parent transcript", () => {
    const model = new TranscriptModel('parent');
    expect(
      model.apply({
        type: 'history.appended',
        item: { seq: 0, at: 1, kind: 'user', content: 'x' },
        sessionId: 'child',
        at: 1,
      }),
    ).toBe(false);
    expect(model.view()).toEqual([]);
  });
});

describe('U1 U3 step numbers count over the whole session', () => {
  it('U1 after a stop and a resume, the transcript, the inspector and the slot view number the steps alike', async () => {
    const h = harness(
      [tool('read_file', { path: 'a.txt' }), tool('read_file', { path: 'a.txt', end: 2 }), final('ok')],
      {
        files: { 'a.txt': 'a' },
        agent: { limits: { maxSteps: 1 } } as never,
      },
    );
    h.agent.session.settings.limits.maxSteps = 1;
    await h.agent.run('first');
    h.agent.session.settings.limits.maxSteps = 10;
    await h.agent.run('');
    const model = new TranscriptModel(h.agent.session.id);
    for (const event of h.events) model.apply(event);
    const replies = model.view().filter((entry) => entry.kind === 'assistant');
    expect(replies.map((entry) => entry.kind === 'assistant' && entry.step)).toEqual([1, 2, 3]);
    expect(model.stepsView().map((step) => step.step)).toEqual([1, 2, 3]);
    expect(sentRequests(h.events).map((request) => [request.step, request.runStep])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    expect(teachingSteps(h.events, h.agent.session.id).map((step) => step.number)).toEqual([1, 2, 3]);
  });

  it("U3 a fork's inherited items come first, as inherited: results as they were, no step figures", async () => {
    const parent = harness(
      [tool('read_file', { path: 'a.txt' }), tool('read_file', { path: 'none.txt' }), final('ok')],
      {
        files: { 'a.txt': 'a' },
      },
    );
    await parent.agent.run('go');
    // The fork copies the history up to the last request, then runs one step of its own.
    const fork = harness([final('mine')], { files: { 'a.txt': 'a' } });
    const history = parent.agent.session.history;
    const lastReply = history.findLastIndex((item) => item.kind === 'assistant');
    fork.agent.session.history = history.slice(0, lastReply).map((item) => structuredClone(item));
    fork.agent.session.forkOf = { sessionId: parent.agent.session.id, step: 3 };
    await fork.agent.run('');
    const model = new TranscriptModel(fork.agent.session.id);
    model.ensureItems(itemsBeforeEvents(fork.agent.session.history, fork.events, fork.agent.session.id), 'inherited');
    for (const event of fork.events) model.apply(event);
    model.ensureItems(fork.agent.session.history);
    const entries = model.view();
    const tools = entries.filter((entry) => entry.kind === 'tool');
    expect(tools.map((entry) => entry.kind === 'tool' && [entry.status, entry.inherited])).toEqual([
      ['ok', true],
      ['failed', true],
    ]);
    const replies = entries.filter((entry) => entry.kind === 'assistant');
    expect(replies.map((entry) => entry.kind === 'assistant' && [entry.step, Boolean(entry.inherited)])).toEqual([
      [0, true],
      [0, true],
      [1, false],
    ]);
    expect(replies.at(-1)).toMatchObject({ text: '<final>mine</final>' });
  });
});

describe('URL parameters', () => {
  it('U1 host, model, workspace, sample, protocol and approval preset a session; bad values are reported', () => {
    const { settings, ignored, proposals } = applyUrlParameters(
      defaultPlaygroundSettings(),
      '?host=http://127.0.0.1:9999/&model=llama3.2:1b&workspace=offline' +
        '&sample=find-the-bug&protocol=text&approval=never',
    );
    expect(settings).toMatchObject({
      model: 'llama3.2:1b',
      workspace: 'offline',
      sample: 'find-the-bug',
      protocol: 'text',
      approval: 'never',
    });
    expect(ignored).toEqual([]);
    // T7: a different server is a proposal to confirm, not applied by the link alone.
    expect(settings.host).toBe(defaultPlaygroundSettings().host);
    expect(proposals).toEqual([expect.objectContaining({ key: 'host', value: 'http://127.0.0.1:9999' })]);
    const bad = applyUrlParameters(defaultPlaygroundSettings(), '?host=ftp://x&protocol=telepathy&model=demo');
    expect(bad.ignored).toEqual(['host=ftp://x', 'protocol=telepathy']);
    expect(bad.settings.model).toBe('');
  });

  it('T7 a link that lowers approval to "auto" or changes the server only proposes it; stricter values apply', () => {
    const lowered = applyUrlParameters(defaultPlaygroundSettings(), '?approval=auto&host=http://evil.example:11434');
    expect(lowered.settings.approval).toBe('ask');
    expect(lowered.settings.host).toBe('http://127.0.0.1:11434');
    expect(lowered.proposals.map((proposal) => proposal.key).sort()).toEqual(['approval', 'host']);
    const stricter = applyUrlParameters({ ...defaultPlaygroundSettings(), approval: 'auto' }, '?approval=never');
    expect(stricter).toMatchObject({ settings: { approval: 'never' }, proposals: [] });
  });
});

describe('zip', () => {
  it('W6 a workspace round-trips through a zip; binaries and escaping paths are left out and named', () => {
    const bytes = zipFiles({ 'src/a.js': 'export const a = 1;\n', 'README.md': '# r' });
    expect(unzipFiles(bytes)).toEqual({
      files: { 'src/a.js': 'export const a = 1;\n', 'README.md': '# r' },
      skipped: [],
    });
    expect(() => unzipFiles(new Uint8Array([1, 2, 3]))).toThrow(/not a readable zip/);
  });
});

describe('O4 U1 an answer with nothing done is marked, not a green "Finished"', () => {
  it('O4 a final answer before any tool worked says nothing was checked; one after a working tool is "Finished"', async () => {
    // Sent back once as a claim no tool made (claimed-change); the second answer stands.
    const prose = harness([final('The bug is fixed.'), final('The bug is fixed.')]);
    await prose.agent.run('fix the bug');
    const model = new TranscriptModel(prose.agent.session.id);
    for (const event of prose.events) model.apply(event);
    expect(model.view().at(-1)).toMatchObject({
      kind: 'outcome',
      nothingDone: true,
      text: expect.stringContaining('Answered without doing anything'),
    });
    const worked = harness([tool('list_files', { path: '.' }), final('done')], { files: { 'a.txt': 'a' } });
    await worked.agent.run('look');
    const second = new TranscriptModel(worked.agent.session.id);
    for (const event of worked.events) second.apply(event);
    expect(second.view().at(-1)).toMatchObject({ text: expect.stringContaining('Finished with a final answer') });
    expect(second.view().at(-1)).not.toHaveProperty('nothingDone');
  });
});
