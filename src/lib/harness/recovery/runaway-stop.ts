/**
 * U5 R2 as a loop extension: a reply that keeps repeating itself is stopped while it streams
 * (`RunawayDetector` watches it), kept only in part, answered with a notice and counted like an
 * unparseable reply, so a model that keeps doing it meets the format-error limit.
 */
import type { LoopExtension } from '../loop-extension';
import { RunawayDetector } from './runaway-detector';
import { clip } from '../context/clip';

export const runawayNotice = (chars: number) =>
  `Runtime notice: your reply kept repeating the same text, so it was stopped after ${chars} characters ` +
  'and nothing in it was run. Reply with one tool call or one final answer, once.';

const name = 'runaway';

export const runawayStop: LoopExtension = {
  name,
  watchReply: () => new RunawayDetector(),
  afterReply: async ({ stoppedBy }) =>
    stoppedBy?.name === name
      ? {
          kind: 'again',
          reason: name,
          notice: runawayNotice(stoppedBy.text.length),
          formatError: true,
          recorded: clip(stoppedBy.text, 600),
        }
      : { kind: 'go' },
};
