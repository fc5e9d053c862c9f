/**
 * L3: a task that asks for a file is not done while the file is not there. A final answer given
 * while a file the task asks to write or create (named, and not there when the run began) is
 * still missing goes back, naming it, at most twice per file; after that the answer stands, and
 * the check decides. A file whose write the person (or the approval policy) did not allow is not
 * asked for again: the answer saying so is the answer.
 */
import type { Rule } from '../rules/rule';
import type { RunFacts } from '../facts/run-facts';
import { pathKey } from '../context/path-key';

const id = 'asked-file';
/** Answers sent back per missing file before one stands. */
export const askedFileSendBacks = 2;

/** How often an answer went back about `path` (a send-back names each missing file on a line). */
const sentBackAbout = (facts: RunFacts, path: string) =>
  facts.answers.filter((answer) => answer.sentBackBy === id && answer.target?.split('\n').includes(path)).length;

export const askedFile: Rule = {
  id,
  principle: 'An answer given while a file the task asks for is missing goes back, at most twice per file.',
  layer: 'pack',
  decides: true,
  reads: ['start', 'calls', 'answers', 'workspace'],
  priority: 270,
  async beforeFinal(_answer, { context, facts }) {
    const denied = facts.calls.filter((call) => call.denied && call.path).map((call) => pathKey(call.path!));
    const pending = facts.start.asked.filter(
      (path) => !denied.includes(pathKey(path)) && sentBackAbout(facts, path) < askedFileSendBacks,
    );
    const missing: string[] = [];
    for (const path of pending)
      if ((await context.options.workspace.stat(path).catch(() => undefined)) === null) missing.push(path);
    if (missing.length === 0) return { kind: 'accept' };
    const names = missing.join(' and ');
    return {
      kind: 'reject',
      reason: id,
      target: missing.join('\n'),
      notice:
        `Runtime notice: the task asks for ${names}, and ${missing.length > 1 ? 'they are' : 'it is'} ` +
        `not there yet, so this answer was not accepted. Write ${names} with write_file, then answer.`,
    };
  },
};
