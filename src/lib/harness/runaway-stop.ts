/**
 * R2 U5: a reply that keeps repeating itself is stopped while it streams (`RunawayDetector`
 * watches it), kept only in part, answered with a notice and counted like an unparseable reply,
 * so a model that keeps doing it meets the format-error limit.
 */
import type { Rule } from './rules/rule';
import { RunawayDetector } from './recovery/runaway-detector';
import { clip } from './context/clip';

export const runawayNotice = (chars: number) =>
  `Runtime notice: your reply kept repeating the same text, so it was stopped after ${chars} characters ` +
  'and nothing in it was run. Reply with one tool call or one final answer, once.';

const id = 'runaway';

export const runawayStop: Rule = {
  id,
  principle: 'A reply that keeps repeating the same text is stopped while it streams and counted as unparseable.',
  layer: 'core',
  decides: true,
  reads: [],
  priority: 20,
  watchReply: () => new RunawayDetector(),
  afterReply: async ({ stoppedBy }) =>
    stoppedBy?.name === id
      ? {
          kind: 'again',
          reason: id,
          notice: runawayNotice(stoppedBy.text.length),
          formatError: true,
          recorded: clip(stoppedBy.text, 600),
        }
      : { kind: 'go' },
};
