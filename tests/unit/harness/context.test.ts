import { describe, expect, it } from 'vitest';
import { clip, clipText } from '../../../src/lib/harness/context/clip';
import { HistoryRenderer } from '../../../src/lib/harness/context/history-renderer';
import type { HistoryItem } from '../../../src/lib/harness/session';
import { final, harness, tool, toolResults } from '../helpers';

describe('clipping', () => {
  it('C1 keeps head and tail and says how many characters were elided', () => {
    const text = `HEAD${'x'.repeat(10_000)}TAIL`;
    const clipped = clipText(text, 500);
    expect(clipped.text.startsWith('HEAD')).toBe(true);
    expect(clipped.text.endsWith('TAIL')).toBe(true);
    expect(clipped.text.length).toBeLessThanOrEqual(500);
    expect(clipped.text).toContain(`[${clipped.elided} chars elided]`);
    expect(clipped.elided).toBe(
      text.length - clipped.text.length + clipped.text.match(/\n…\[\d+ chars elided\]…\n/)![0].length,
    );
    expect(clip('short', 500)).toBe('short');
  });

  it('C1 every tool result is clipped before the model sees it', async () => {
    const h = harness([tool('run_shell', { command: 'seq 1 20000' }), final('ok')], {
      agent: { toolOutputChars: 2000 },
    });
    await h.agent.run('go');
    const [result] = toolResults(h);
    expect(result.length).toBeLessThanOrEqual(2000);
    expect(result).toMatch(/chars elided/);
    expect(result).toContain('20000');
    expect(h.of('tool.finished')[0].rawChars).toBeGreaterThan(100_000);
  });
});

function item(seq: number, value: Partial<HistoryItem> & Pick<HistoryItem, 'kind'>): HistoryItem {
  return { seq, at: seq, content: '', ...value } as HistoryItem;
}

describe('history rendering', () => {
  it('C2 a repeated read of an unchanged file collapses; a write makes the next read full again', () => {
    const renderer = new HistoryRenderer('text');
    const read = (seq: number, content: string) =>
      item(seq, { kind: 'tool', name: 'read_file', args: { path: 'a.js' }, content, ok: true });
    const history: HistoryItem[] = [read(0, 'v1 body'), read(1, 'v1 body')];
    let messages = renderer.render(history).messages;
    expect(messages[1].content).toContain('unchanged since the read at item 0');
    history.push(
      item(2, { kind: 'tool', name: 'patch_file', args: { path: 'a.js' }, content: 'patched a.js', ok: true }),
      read(3, 'v2 body'),
    );
    messages = renderer.render(history).messages;
    expect(messages[3].content).toContain('v2 body');
  });

  it('C2 C4 recent items stay in full; past the budget the older half is shortened in one step, and reads made stale by writes say so', () => {
    const renderer = new HistoryRenderer('text', { recentChars: 3000, oldToolChars: 100, oldTextChars: 60 });
    const history: HistoryItem[] = [
      item(0, { kind: 'user', content: 'fix a.js' }),
      item(1, { kind: 'tool', name: 'read_file', args: { path: 'a.js' }, content: `old ${'a'.repeat(900)}`, ok: true }),
      item(2, { kind: 'tool', name: 'patch_file', args: { path: 'a.js' }, content: 'patched a.js', ok: true }),
    ];
    const first = renderer.render(history);
    expect(first.shortened).toBeUndefined();
    const snapshot = first.messages.map((message) => message.content);
    for (let seq = 3; seq < 8; seq++) {
      history.push(
        item(seq, {
          kind: 'tool',
          name: 'run_shell',
          args: { command: `step ${seq}` },
          content: `output ${seq} ${'o'.repeat(600)}`,
          ok: true,
        }),
      );
      const next = renderer.render(history);
      if (!next.shortened) {
        // Between shortenings the rendered history only grows at its end.
        expect(next.messages.slice(0, snapshot.length).map((message) => message.content)).toEqual(snapshot);
        snapshot.splice(0, snapshot.length, ...next.messages.map((message) => message.content));
        continue;
      }
      expect(next.messages[0].content).toBe('fix a.js');
      expect(next.messages[1].content).toContain('this read is out of date; the file was changed at item 2');
      expect(next.messages.at(-1)?.content).toContain('o'.repeat(600));
      const total = next.messages.reduce((sum, message) => sum + message.content.length, 0);
      expect(total).toBeLessThan(3000);
      return;
    }
    throw new Error('the budget was never exceeded');
  });
});
