/**
 * Everything the model controls is bounded: command output, names echoed back, calls per reply,
 * argument sizes, reply size, what is stored. After any single reply the session stays usable.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { final, harness, tool, toolResults } from '../helpers';

const directory = () => new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-bounds-')));

describe('bounds on what the model controls', () => {
  it('C1 W2 a flood of output keeps its head and its tail (the end is where errors are)', async () => {
    const result = await directory().exec('seq 1 400000; echo THE-END-ERROR >&2; echo LAST-LINE');
    expect(result.stdout.length).toBeLessThanOrEqual(1_000_000);
    expect(result.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.stdout.trimEnd().endsWith('LAST-LINE')).toBe(true);
    expect(result.stdout).toMatch(/characters of output dropped here/);
    expect(result.droppedChars).toBeGreaterThan(0);
  });

  it('T3 a 300,000-character unknown tool name is not echoed back whole', async () => {
    const name = 'x'.repeat(300_000);
    const h = harness([{ toolCalls: [{ name, arguments: {} }] }, { text: 'ok' }], {
      settings: { protocol: 'native' },
      model: { capabilities: ['tools'] },
    });
    await h.agent.run('go');
    expect(toolResults(h)[0].length).toBeLessThan(2000);
    const stored = await h.store.load(h.agent.session.id);
    expect(JSON.stringify(stored).length).toBeLessThan(400_000);
    expect(JSON.stringify(await h.store.loadEvents(h.agent.session.id)).length).toBeLessThan(100_000);
  });

  it('T3 a 300,000-character tool name is clipped where it is stored and sent back; the run reaches its answer', async () => {
    const name = 'x'.repeat(300_000);
    const h = harness([{ toolCalls: [{ name, arguments: {} }] }, { text: 'ok' }], {
      settings: { protocol: 'native', options: { contextWindow: 4096 } },
      model: { capabilities: ['tools'] },
    });
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'ok' });
    const stored = await h.store.load(h.agent.session.id);
    expect(JSON.stringify(stored).length).toBeLessThan(20_000);
    expect(JSON.stringify(h.model.requests[1].messages).length).toBeLessThan(20_000);
  });

  it('T3 arguments nested 3,000 deep are refused with a notice, and the loop goes on', async () => {
    let deep: Record<string, unknown> = { path: 'a.txt' };
    for (let level = 0; level < 3000; level++) deep = { inner: deep };
    const h = harness([{ toolCalls: [{ name: 'read_file', arguments: deep }] }, { text: 'ok' }], {
      settings: { protocol: 'native' },
      model: { capabilities: ['tools'] },
      files: { 'a.txt': 'alpha' },
    });
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'ok' });
    expect(JSON.stringify(await h.store.load(h.agent.session.id)).length).toBeLessThan(20_000);
    expect(toolResults(h)[0]).toMatch(/error/);
  });

  it('T6 one reply with 1,000 native calls runs at most 8 and says so', async () => {
    const calls = Array.from({ length: 1000 }, (_, index) => ({
      name: 'list_files',
      arguments: { path: `dir${index}` },
    }));
    const h = harness([{ toolCalls: calls }, { text: 'done' }], {
      settings: { protocol: 'native' },
      model: { capabilities: ['tools'] },
    });
    await h.agent.run('go');
    expect(h.of('tool.started').length + h.of('validation').filter((event) => !event.ok).length).toBeLessThanOrEqual(8);
    expect(toolResults(h)).toHaveLength(8);
    expect(h.of('notice').some((event) => event.text.includes('1000 tool calls; only the first 8'))).toBe(true);
  });

  it('T3 a huge write is refused before it runs; stored items and events stay small; the session can run again', async () => {
    const content = 'A'.repeat(3_000_000);
    const h = harness(
      [
        { toolCalls: [{ name: 'write_file', arguments: { path: 'big.txt', content } }] },
        { text: 'gave up' },
        { text: 'second task done' },
      ],
      { settings: { protocol: 'native' }, model: { capabilities: ['tools'] } },
    );
    await h.agent.run('write a big file');
    expect(toolResults(h)[0]).toMatch(/'content' is longer than 512000 characters/);
    expect(await h.workspace.stat('big.txt')).toBeNull();
    const stored = await h.store.load(h.agent.session.id);
    expect(JSON.stringify(stored).length).toBeLessThan(1_200_000);
    expect(JSON.stringify(await h.store.loadEvents(h.agent.session.id)).length).toBeLessThan(200_000);
    const again = await h.agent.run('now something else');
    expect(again.outcome).toEqual({ kind: 'final', answer: 'second task done' });
    expect(
      h.model.requests
        .at(-1)!
        .messages.reduce(
          (sum, message) => sum + message.content.length + JSON.stringify(message.toolCalls ?? []).length,
          0,
        ),
    ).toBeLessThan(60_000);
  });

  it('L1 a 5 MB reply does not pass a 1,000-token limit: it is cut, not executed, and the session goes on', async () => {
    const flood = `<tool name="write_file" path="x.txt"><content>${'z'.repeat(5_000_000)}</content></tool>`;
    const h = harness(
      // Two floods, then an answer: each flood counts as a format error (U5), so three in a row would end the run.
      [{ text: flood }, { text: flood }, final('recovered')],
      { settings: { options: { outputLimit: 1000 } } },
    );
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'recovered' });
    expect(await h.workspace.stat('x.txt')).toBeNull();
    for (const item of h.agent.session.history) expect(item.content.length).toBeLessThanOrEqual(64_000);
    // Cut at the limit, or stopped sooner as output that repeats itself (U5): never run either way.
    expect(
      h.of('notice').some((event) => /characters long, over the limit|kept repeating the same text/.test(event.text)),
    ).toBe(true);
  });

  it('T3 a catastrophic search pattern finishes (linear-time regex) and a stopped search stops', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-regex-'));
    // Each line takes a backtracking engine seconds (doubling with every extra "a").
    writeFileSync(path.join(root, 'a.txt'), `${'a'.repeat(29)}b\n`.repeat(12));
    const h = harness([tool('search', { pattern: '(a+)+$' }), tool('search', { pattern: '(x+x+)+y' }), final('ok')], {
      workspace: new NodeDirectoryWorkspace(root),
    });
    await h.agent.run('search');
    expect(toolResults(h)[0]).toContain('(no matches)');
    const controller = new AbortController();
    controller.abort();
    const stopped = harness([tool('search', { pattern: 'a' }), final('ok')], {
      workspace: new NodeDirectoryWorkspace(root),
    });
    const outcome = await stopped.agent.run('search', { signal: controller.signal });
    expect(outcome.outcome.kind).toBe('aborted');
  });
});
