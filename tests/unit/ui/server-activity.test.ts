import { describe, expect, it } from 'vitest';
import type { HarnessEvent, HarnessEventBody } from '../../../src/lib/harness/events';
import { activityText, idleActivity, trackActivity } from '../../../src/lib/ui/server-activity';
import type { ActivityTracker } from '../../../src/lib/ui/server-activity';

const sid = 's1';
/** An event as the recorder stamps it. */
const at = (body: HarnessEventBody): HarnessEvent => ({ ...body, sessionId: sid, at: 0 }) as HarnessEvent;
const play = (events: [HarnessEvent, number][]): ActivityTracker =>
  events.reduce((tracker, [event, now]) => trackActivity(tracker, event, now), idleActivity);
const assembled = (totalChars: number, reusedChars: number): HarnessEvent =>
  at({
    type: 'prompt.assembled',
    step: 2,
    sections: [],
    prefixChars: 0,
    totalChars,
    reusedChars,
    messages: 3,
  });
const sent = at({ type: 'request.sent', step: 2, model: 'm', options: {}, protocol: 'native', constrained: false });

describe('U2 the live line says what the server is doing, with the seconds since it began', () => {
  it('U2 a sent request reads as the server reading an estimated prompt, ticking by the second', () => {
    const tracker = play([
      [assembled(7000, 6300), 0],
      [sent, 1000],
    ]);
    expect(tracker.activity).toMatchObject({ kind: 'reading', step: 2, tokens: 2000, newTokens: 200 });
    expect(activityText(tracker.activity, 13_400)).toBe(
      'Step 2: the server is reading the prompt — about 2,000 tokens, about 200 of them new (estimated) · 12 s',
    );
  });

  it('U2 the first token turns reading into writing, and the characters add up', () => {
    const tracker = play([
      [assembled(700, 0), 0],
      [sent, 0],
      [at({ type: 'model.token', step: 2, text: 'abc' }), 5000],
      [at({ type: 'model.token', step: 2, text: 'de' }), 6000],
    ]);
    expect(tracker.activity).toEqual({ kind: 'writing', step: 2, since: 5000, chars: 5 });
    expect(activityText(tracker.activity, 7000)).toBe('Step 2: the model is writing — 5 characters so far · 2 s');
  });

  it('U2 tools, checks and retries name what is waited on; a reply or the end clears the line', () => {
    let tracker = play([[at({ type: 'tool.started', step: 3, callId: 'c', tool: 'run_shell', args: {} }), 0]]);
    expect(activityText(tracker.activity, 0)).toBe('Step 3: running the tool run_shell · 0 s');
    tracker = trackActivity(tracker, at({ type: 'check.started', step: 3, command: 'npm test' }), 0);
    expect(activityText(tracker.activity, 2500)).toBe('Step 3: running the check npm test · 2 s');
    tracker = trackActivity(tracker, at({ type: 'retry', step: 3, attempt: 1, delayMs: 1500, reason: 'HTTP 503' }), 0);
    expect(activityText(tracker.activity, 0)).toBe('Step 3: retrying in 2 s: HTTP 503 · 0 s');
    const usage = { promptTokens: 0, outputTokens: 0, totalTokens: 0, requests: 3 };
    tracker = trackActivity(
      tracker,
      at({ type: 'run.finished', outcome: { kind: 'aborted', message: 'stopped' }, usage, steps: 3 }),
      0,
    );
    expect(tracker.activity).toEqual({ kind: 'idle' });
    expect(activityText(tracker.activity, 0)).toBe('');
  });

  it('U2 a request sent with no assembled prompt before it still shows, at zero tokens, never a negative', () => {
    const tracker = play([[sent, 0]]);
    expect(tracker.activity).toMatchObject({ kind: 'reading', tokens: 0, newTokens: 0 });
    expect(activityText(tracker.activity, -5000)).toContain('· 0 s');
  });
});
