/** Small views the page draws from its state: each a pure function of what it is given. */
import { describe, expect, it } from 'vitest';
import { fileTree, visibleRows } from '../../../src/lib/ui/file-tree';
import { sessionView } from '../../../src/lib/ui/session-view';
import { unsentRequest } from '../../../src/lib/ui/unsent-request';
import { replyParts } from '../../../src/lib/ui/reply-parts';
import { contextFill, serverReuseShare, tokensPerSecond } from '../../../src/lib/ui/step-figures';
import { baselineLabel, checkpointLabel, filesKey, modelStepsIn } from '../../../src/lib/ui/checkpoint-plan';
import { runBlocked } from '../../../src/lib/ui/run-blocked';
import { createSession } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import type { Playground } from '../../../src/lib/ui/playground.svelte';
import { lazy } from '../../../src/lib/ui/lazy-module';
import { diffLineClass } from '../../../src/lib/ui/diff-line-class';
import { itemsBeforeEvents } from '../../../src/lib/ui/transcript-entry';
import { pausedRequestStep } from '../../../src/lib/ui/teaching/paused-step';

const event = (value: Record<string, unknown>) => ({ sessionId: 's', at: 1, ...value }) as unknown as HarnessEvent;

describe('U1 the file tree', () => {
  const paths = ['src/b.js', 'README.md', 'src/lib/a.js', 'a.txt', 'test/b.test.js'];

  it('U1 folders first, then files, each by name; a folder is a folder, not a path prefix', () => {
    const tree = fileTree(paths);
    expect(tree.map((node) => `${node.kind}:${node.name}`)).toEqual([
      'folder:src',
      'folder:test',
      'file:a.txt',
      'file:README.md',
    ]);
    expect(tree[0].children.map((node) => node.path)).toEqual(['src/lib', 'src/b.js']);
  });

  it('U1 a filter keeps the files whose path holds it, with their folders, whatever the case', () => {
    const tree = fileTree(paths, '  LIB ');
    expect(tree).toHaveLength(1);
    expect(visibleRows(tree, new Set(['src', 'src/lib'])).map((row) => [row.node.path, row.depth])).toEqual([
      ['src', 0],
      ['src/lib', 1],
      ['src/lib/a.js', 2],
    ]);
  });

  it('U1 a closed folder hides its children', () => {
    expect(visibleRows(fileTree(paths), new Set()).map((row) => row.node.path)).toEqual([
      'src',
      'test',
      'a.txt',
      'README.md',
    ]);
  });
});

describe('S1 the page view of a session', () => {
  it('S1 a copy of the fields the page shows: a later change to the session does not reach it', () => {
    const session = createSession({
      model: 'm',
      settings: defaultSettings(),
      workspace: { backend: 'memory', label: 'x' },
    });
    session.settings.sectionOverrides = { rules: 'r' };
    const view = sessionView(session)!;
    session.settings.sectionOverrides.rules = 'changed';
    session.history.push({ kind: 'user', content: 'x' } as never);
    expect(view).toMatchObject({ id: session.id, overrides: { rules: 'r' }, items: 0, notes: [] });
    expect(sessionView(undefined)).toBeUndefined();
  });
});

describe('C3 the request that did not fit', () => {
  it('C3 the newest unsent request is shown until a later request is sent; another session’s is not', () => {
    const unsent = event({ type: 'request.unsent', step: 2, messages: [], reason: 'too long' });
    expect(unsentRequest([unsent], 's')).toBe(unsent);
    expect(unsentRequest([unsent], 'other')).toBeUndefined();
    expect(unsentRequest([unsent, event({ type: 'request.messages', step: 3, messages: [] })], 's')).toBeUndefined();
    expect(unsentRequest([event({ type: 'request.messages', step: 1, messages: [] }), unsent], 's')).toBe(unsent);
  });
});

describe('U4 a reply as it was said, with the call marked', () => {
  it('U4 the text around a tool block stays; the block is marked as the call', () => {
    expect(replyParts('I will read it.\n<tool name="read_file">{"path":"a"}</tool>\nthen')).toEqual([
      { text: 'I will read it.\n', call: false },
      { text: '<tool name="read_file">{"path":"a"}</tool>', call: true },
      { text: '\nthen', call: false },
    ]);
  });

  it('U4 a whole JSON envelope is a call; prose with braces or a cut tool_call block is handled', () => {
    expect(replyParts('{"action": "final", "answer": "done"}')).toEqual([
      { text: '{"action": "final", "answer": "done"}', call: true },
    ]);
    expect(replyParts('use {x} here')).toEqual([{ text: 'use {x} here', call: false }]);
    expect(replyParts('a <tool_call>{"name":"x"')).toEqual([
      { text: 'a ', call: false },
      { text: '<tool_call>{"name":"x"', call: true },
    ]);
  });
});

describe('P2 the figures of a step', () => {
  it('P2 tokens a second, context fill and server reuse, only from figures the server gave', () => {
    expect(tokensPerSecond({ outputTokens: 100, outputSeconds: 4 })).toBe(25);
    expect(tokensPerSecond({ outputTokens: 100 })).toBeUndefined();
    const step = { step: 1, model: 'm', promptChars: 0, reusedChars: 0, contextWindow: 1000 };
    expect(contextFill({ ...step, stats: { promptTokens: 250 } })).toBe(0.25);
    expect(contextFill({ ...step, stats: { promptTokens: 5000 } })).toBe(1);
    expect(contextFill({ ...step, stats: {} })).toBeUndefined();
    expect(
      serverReuseShare({ ...step, stats: { promptTokens: 200 }, serverReused: { tokens: 150, source: 'timing' } }),
    ).toBe(0.75);
    expect(serverReuseShare({ ...step, stats: { promptTokens: 200 } })).toBeUndefined();
  });
});

describe('W6 which file states become checkpoints', () => {
  it('W6 the same files give the same key in any order; other contents another', () => {
    expect(filesKey({ a: '1', b: '2' })).toBe(filesKey({ b: '2', a: '1' }));
    expect(filesKey({ a: '1' })).not.toBe(filesKey({ a: '2' }));
  });

  it('W6 a checkpoint is named by the model replies before it; the first is the baseline', () => {
    const history = [{ kind: 'user' }, { kind: 'assistant' }, { kind: 'tool' }, { kind: 'assistant' }];
    expect(modelStepsIn(history)).toBe(2);
    expect(modelStepsIn(history, 2)).toBe(1);
    expect(checkpointLabel(true, 3)).toBe(baselineLabel);
    expect(checkpointLabel(false, 3)).toBe('after step 3');
  });
});

describe('U1 why Run is disabled, in words', () => {
  const page = (change: Record<string, unknown> = {}) =>
    ({
      loading: false,
      session: {},
      teaching: { replaying: false },
      runs: { running: false },
      connection: { status: { kind: 'connected', message: '' } },
      isDemo: false,
      files: { files: ['a.txt'] },
      task: 'do it',
      ...change,
    }) as unknown as Playground;

  it('U1 each reason in the order the person meets them; none when a run may start', () => {
    expect(runBlocked(page())).toBeUndefined();
    expect(runBlocked(page({ loading: true }))).toBe('The session is still loading.');
    expect(runBlocked(page({ teaching: { replaying: true } }))).toMatch(/^This is a replay/);
    expect(runBlocked(page({ runs: { running: true } }))).toBe('A run is going; stop it first.');
    expect(runBlocked(page({ connection: { status: { kind: 'down', message: 'Ollama is not running.' } } }))).toBe(
      'Ollama is not running.',
    );
    expect(runBlocked(page({ task: '  ' }))).toBe('Type a task first.');
  });

  it('U1 the Demo model runs without a server, but only on its own sample', () => {
    const down = { connection: { status: { kind: 'down', message: 'down' } }, isDemo: true };
    expect(runBlocked(page(down))).toMatch(/^The Demo model plays one recorded script/);
    expect(runBlocked(page({ ...down, files: { files: ['src/sum.js'] } }))).toBeUndefined();
  });
});

describe('U1 views loaded on demand, diffs, forks and paused requests', () => {
  it('U1 a lazy view loads once, when first wanted, and is not loaded before', async () => {
    let loads = 0;
    const view = lazy(async () => ++loads);
    expect(view(false)).toBeUndefined();
    const first = view(true);
    expect(view(true)).toBe(first);
    expect(view(false)).toBe(first);
    expect(await first).toBe(1);
    expect(loads).toBe(1);
  });

  it('W6 a diff line is added, removed, a hunk header, or context; file headers are not changes', () => {
    expect(['+a', '-b', '@@ -1 +1 @@', ' c', '+++ b/x', '--- a/x'].map(diffLineClass)).toEqual([
      'add',
      'del',
      'hunk',
      '',
      '',
      '',
    ]);
  });

  it('U3 a fork shows the items it copied before its own events; a session with events from the start shows none', () => {
    const items = [1, 2, 3].map((seq) => ({ kind: 'user', content: String(seq), seq }) as never);
    const appended = (seq: number) => event({ type: 'history.appended', item: { seq } });
    expect(itemsBeforeEvents(items, [appended(3)], 's')).toHaveLength(2);
    expect(itemsBeforeEvents(items, [appended(1)], 's')).toEqual([]);
    expect(itemsBeforeEvents(items, [], 's')).toHaveLength(3);
    expect(itemsBeforeEvents(items, [{ ...appended(1), sessionId: 'other' } as HarnessEvent], 's')).toHaveLength(3);
  });

  it('U3 a request paused before it is sent is the step after those sent; other pauses are no step', () => {
    const pause = { at: 'request', step: 2, messages: [{ role: 'user', content: 'x' }], sections: [] } as never;
    expect(pausedRequestStep(pause, 4)).toMatchObject({ number: 5, runStep: 2, request: { step: 5, kept: 0 } });
    expect(pausedRequestStep({ at: 'reply', step: 2 } as never, 4)).toBeUndefined();
    expect(pausedRequestStep(undefined, 4)).toBeUndefined();
  });
});
