/** U1 P2 M2: what the inspector reads from a session's steps and requests (its view model). */
import { describe, expect, it } from 'vitest';
import {
  figuresNotReported,
  rawReply,
  reuseTitle,
  serverShare,
  shownRequest,
  templateProtocol,
  toolShare,
} from '../../../src/lib/ui/inspector-view.svelte';
import type { StepStats } from '../../../src/lib/ui/transcript-model';

const step = (over: Partial<StepStats>): StepStats =>
  ({ step: 1, promptChars: 1000, reusedChars: 900, ...over }) as StepStats;

describe('U1 the inspector view model', () => {
  it("M2 names the figures no step's server reported, and none a step did report", () => {
    expect(figuresNotReported([])).toEqual([]);
    const noUsage = step({ stats: { stopReason: 'stop' } });
    const counted = step({ stats: { promptTokens: 10, outputTokens: 3, stopReason: 'stop' } });
    expect(figuresNotReported([noUsage, noUsage])).toContain('prompt tokens');
    expect(figuresNotReported([noUsage, counted])).not.toContain('prompt tokens');
  });

  it("U3 U1 shows the replayed step's request, else the chosen step's, else the newest", () => {
    const requests = [1, 2, 3].map((n) => ({ step: n, messages: [], kept: 0 }) as never);
    expect(shownRequest(requests, undefined, undefined)).toMatchObject({ step: 3 });
    expect(shownRequest(requests, 2, undefined)).toMatchObject({ step: 2 });
    expect(shownRequest(requests, 2, { request: { step: 1 } } as never)).toMatchObject({ step: 1 });
  });

  it("U1 the raw reply: a replayed step's text and calls, or the live one", () => {
    expect(rawReply(undefined, 'live')).toBe('live');
    const replayed = { reply: { content: 'x', toolCalls: [{ name: 'read_file', arguments: {} }] } } as never;
    expect(rawReply(replayed, 'live')).toBe('x\n[{"name":"read_file","arguments":{}}]');
    expect(rawReply({} as never, 'live')).toBe('');
  });

  it('P2 C3 reuse and tool figures are said with their source', () => {
    const timed = step({ serverReused: { tokens: 80, source: 'timing' }, stats: { promptTokens: 100 } });
    expect(serverShare(timed)).toBe('80%');
    expect(serverShare(step({}))).toBe('–');
    expect(reuseTitle(timed)).toContain('read from prompt_eval_duration');
    expect(reuseTitle(step({ prefixBreak: 'compaction: x' }))).toContain('the prefix broke here: compaction: x');
    expect(toolShare(3500)).toBe('; the tool declarations are about 1000 tokens of it');
    expect(templateProtocol('auto')).toBe('text');
    expect(templateProtocol('native')).toBe('native');
  });
});
