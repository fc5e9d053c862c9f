/**
 * L3: an answer that only echoes text the model was given is not an answer: the instructions'
 * example answer word for word (whatever path was put in it), or the error of the last tool call.
 * Each kind goes back once a run, saying what it is; after that the answer stands and the check
 * decides. Not the example answer once files may have changed in a task a check decides (the
 * session's verification command, or the tests the task speaks of): the check after this one does.
 */
import type { Rule } from '../rules/rule';
import { exampleAnswer } from '../prompt/prompt-variables';
import { impliedCommand } from '../facts/test-command';

/**
 * Words only: case, spacing, punctuation and which path (`src/x.js`) do not tell an echo apart —
 * every path reads as the word "path".
 */
const words = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\w.-]*[/.][\w./-]*\w/g, ' path ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const exampleWords = words(exampleAnswer);

/** The instructions' example answer, whatever path the model put in it. */
export const isExampleAnswer = (answer: string): boolean => words(answer) === exampleWords;

/** The words of a failed result's first line, which says what went wrong. */
const errorWords = (result: string): Set<string> => new Set(words(result.split('\n', 1)[0] ?? '').split(' '));

/**
 * An answer made of the error's words: at least six, nearly all of them from the error ("Error:
 * 'X' does not exist; write_file creates a file." after that very error). A short answer that
 * states what the error found ("No: X does not exist.") is left alone.
 */
function echoes(answer: string, error: Set<string>): boolean {
  const said = answer.split(' ').filter(Boolean);
  if (said.length < 6 || said.length > 60) return false;
  return said.filter((word) => error.has(word)).length >= 0.8 * said.length;
}

const id = 'echoed-answer';

export const echoedAnswer: Rule = {
  id,
  principle:
    "An answer that only repeats the instructions' example answer or the last tool error goes back once a kind.",
  layer: 'pack',
  decides: true,
  reads: ['calls', 'answers', 'task', 'settings', 'workspace'],
  priority: 240,
  async beforeFinal(answer, { context, facts }) {
    const said = words(answer);
    const last = facts.calls.at(-1);
    const lastError = last && !last.ok ? errorWords(last.content) : new Set<string>();
    const kind = said === exampleWords ? 'example' : echoes(said, lastError) ? 'error' : undefined;
    if (!kind || facts.sentBack(id, kind) > 0) return { kind: 'accept' };
    if (kind === 'example' && facts.filesMayHaveChanged()) {
      const checked =
        context.session.settings.verifyCommand || (await impliedCommand(facts.task, context.options.workspace));
      if (checked) return { kind: 'accept' };
    }
    return {
      kind: 'reject',
      reason: id,
      target: kind,
      notice:
        kind === 'example'
          ? 'Runtime notice: that answer is the example from your instructions, not about this task, so it ' +
            'was not accepted. If the task is done, say in your own words what you changed, and change ' +
            'nothing more; if it is not, finish it first.'
          : 'Runtime notice: that answer repeats the error of your last tool call, so it was not accepted. ' +
            'The error says what to change: make the call again, changed as it says, and go on with the task. ' +
            'If the task cannot be done, say why in your own words.',
    };
  },
};
