/** The loop's state machine: every named transition as a row of (state, event) → state. */
import { describe, expect, it } from 'vitest';
import type { LoopEvent, LoopState } from '../../../src/lib/harness/loop-state';
import { initialLoopState, nextLoopState, overflowEndsRun } from '../../../src/lib/harness/loop-state';

const start = initialLoopState(false);
const messages = [{ role: 'user' as const, content: 'hi' }];
const reply = { role: 'assistant' as const, content: 'hello' };
const system = { role: 'system' as const, content: 'You are a coding agent.' };
const tools = [{ name: 'read_file', description: 'Read.', parameters: {} }];

const table: [string, LoopState, LoopEvent, Partial<LoopState>][] = [
  [
    'a sent request becomes the one the next must extend',
    start,
    { type: 'request-sent', messages, format: undefined, tools: undefined, system },
    { previous: messages, loggedSystem: system },
  ],
  [
    'a sent schema is remembered as text',
    start,
    { type: 'request-sent', messages, format: '{"type":"object"}', tools: undefined, system },
    { previous: messages, lastFormat: '{"type":"object"}', loggedSystem: system },
  ],
  [
    'O1 the tools and system message sent are the ones the request log holds now',
    start,
    { type: 'request-sent', messages, format: undefined, tools, system },
    { previous: messages, loggedTools: tools, loggedSystem: system },
  ],
  ['R3 an overflow forces compaction on the next fit', start, { type: 'overflowed' }, { forceCompaction: true }],
  [
    'R3 a reply that fitted clears the forced compaction and is what the next request extends',
    { ...start, forceCompaction: true, previous: messages },
    { type: 'replied', message: reply },
    { forceCompaction: false, previous: [...messages, reply] },
  ],
  [
    'R2 a cut reply is gathered and counted',
    { ...start, continuations: 1, pendingCut: 'ab' },
    { type: 'cut', text: 'cd' },
    { continuations: 2, pendingCut: 'abcd' },
  ],
  [
    'R2 parsing takes the gathered text and starts over',
    { ...start, continuations: 2, pendingCut: 'abcd' },
    { type: 'parsed' },
    { continuations: 0, pendingCut: '' },
  ],
  [
    'T6 one malformed reply does not switch',
    start,
    { type: 'malformed', formatErrors: 1, protocol: 'text' },
    { constrained: false },
  ],
  [
    'T6 two malformed replies in the text protocol switch to constrained output',
    start,
    { type: 'malformed', formatErrors: 2, protocol: 'text' },
    { constrained: true },
  ],
  [
    'T6 native replies never switch',
    start,
    { type: 'malformed', formatErrors: 5, protocol: 'native' },
    { constrained: false },
  ],
  [
    'T6 a switch lasts the turn',
    initialLoopState(true),
    { type: 'malformed', formatErrors: 0, protocol: 'text' },
    { constrained: true },
  ],
  ['the first change is remembered (one baseline checkpoint per run)', start, { type: 'changed' }, { changed: true }],
];

describe('loop state', () => {
  for (const [name, state, event, expected] of table)
    it(name, () => {
      const next = nextLoopState(state, event);
      expect(next).toEqual({ ...state, ...expected });
      // Transitions are values: the state before is untouched.
      expect(state).toEqual(table.find((row) => row[0] === name)![1]);
    });

  it('R3 a second overflow in a row ends the run; one after a reply that fitted does not', () => {
    const once = nextLoopState(start, { type: 'overflowed' });
    expect(overflowEndsRun(start)).toBe(false);
    expect(overflowEndsRun(once)).toBe(true);
    expect(overflowEndsRun(nextLoopState(once, { type: 'replied', message: reply }))).toBe(false);
  });
});
