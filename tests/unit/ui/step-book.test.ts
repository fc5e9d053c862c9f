import { describe, expect, it } from 'vitest';
import { StepBook } from '../../../src/lib/ui/step-book';
import type { HarnessEvent } from '../../../src/lib/harness/events';

const event = (value: Record<string, unknown>) => ({ sessionId: 's', at: 1, ...value }) as unknown as HarnessEvent;
const sent = (step: number) =>
  event({
    type: 'request.sent',
    step,
    model: 'm',
    options: { contextWindow: 4096 },
    protocol: 'text',
    constrained: false,
  });

describe('U1 P2 the step statistics of a session, from its events', () => {
  it('U1 one row per step with the model, prompt size and reuse, the server figures, parse and validation', () => {
    const book = new StepBook();
    for (const value of [
      event({ type: 'run.started', step: 0 }),
      sent(1),
      event({ type: 'prompt.assembled', step: 1, totalChars: 900, reusedChars: 0, toolChars: 120 }),
      event({
        type: 'response.done',
        step: 1,
        model: 'm',
        stats: { promptTokens: 300, outputSeconds: 2 },
        chars: 40,
        toolCalls: 1,
        serverReusedTokens: 0,
        serverReuseSource: 'timing',
      }),
      event({ type: 'parse.result', step: 1, kind: 'tool', detail: 'read_file' }),
      event({ type: 'validation', step: 1, ok: false, tool: 'read_file', error: 'path is required' }),
      event({ type: 'tool.finished', step: 1 }), // about no figure: left alone
    ])
      book.apply(value);
    expect(book.steps).toEqual([
      {
        step: 1,
        model: 'm',
        contextWindow: 4096,
        promptChars: 900,
        toolChars: 120,
        reusedChars: 0,
        stats: { promptTokens: 300, outputSeconds: 2 },
        serverReused: { tokens: 0, source: 'timing' },
        parse: 'tool: read_file',
        validation: 'read_file: path is required',
      },
    ]);
  });

  it('P2 a break of the prefix is kept with its step; a valid call says so', () => {
    const book = new StepBook();
    book.apply(sent(1));
    book.apply(
      event({ type: 'prompt.assembled', step: 1, totalChars: 10, reusedChars: 4, prefixBreak: 'memory changed' }),
    );
    book.apply(event({ type: 'validation', step: 1, ok: true, tool: 'write_file' }));
    expect(book.steps[0]).toMatchObject({
      reusedChars: 4,
      prefixBreak: 'memory changed',
      validation: 'write_file: valid',
    });
  });

  it('U1 a resumed run counts on from the steps before it: its step 1 is the session step after the last', () => {
    const book = new StepBook();
    book.apply(event({ type: 'run.started' }));
    book.apply(sent(1));
    book.apply(sent(2));
    book.apply(event({ type: 'run.started' }));
    book.apply(sent(1));
    expect(book.steps.map((step) => step.step)).toEqual([1, 2, 3]);
    expect(book.number(2)).toBe(4);
  });
});
