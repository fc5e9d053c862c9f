/**
 * L3 D (issue 32): an answer that only echoes text the model was given is not an answer.
 * Qwen2.5-Coder-1.5B (default profile, constrained) ended rung-2 runs with the instructions'
 * example answer word for word ("Done: fixed the off-by-one in src/search.js …", in a workspace
 * with no such file), or with its own file name put in it; and with its last tool call's error
 * as the answer ("Error: invalid arguments for patch_file: 'TOTAL.txt' does not exist …"), one
 * step away from the fix the error names. Each kind goes back once a run, saying what it is;
 * after that the answer stands and the check decides. Every profile.
 * Not the example answer once the run has changed files in a task a check decides (the session's
 * verification command, or the tests the task speaks of): sent back, the model took "do what the
 * task asks" for "not done" and undid a right fix whose tests it had just seen pass
 * (fix-off-by-one and patch-one-line, qwen-1.5b-no-delegate). The check after this one decides.
 */
import type { LoopExtension } from '../loop-extension';
import { exampleAnswer } from '../prompt/prompt-variables';
import { impliedCommand } from '../implied-check';

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
 * An answer made of the error's words: at least six, nearly all of them from the error
 * ("Error: 'TOTAL.txt' does not exist; write_file creates a file." after that very error). A
 * short answer that states what the error found ("No: config.json does not exist.") is left alone.
 */
function echoes(answer: string, error: Set<string>): boolean {
  const said = answer.split(' ').filter(Boolean);
  if (said.length < 6 || said.length > 60) return false;
  return said.filter((word) => error.has(word)).length >= 0.8 * said.length;
}

export function echoedAnswer(): LoopExtension {
  let lastError = new Set<string>();
  let changedFiles = false;
  const sentBack = new Set<'example' | 'error'>();
  return {
    name: 'echoed-answer',
    afterToolResult({ ok, content }) {
      lastError = ok ? new Set() : errorWords(content);
      return undefined;
    },
    afterTools({ changedFiles: changed }) {
      if (changed) changedFiles = true;
      return undefined;
    },
    async beforeFinal(answer, { context }) {
      const said = words(answer);
      const kind = said === exampleWords ? 'example' : echoes(said, lastError) ? 'error' : undefined;
      if (!kind || sentBack.has(kind)) return { kind: 'accept' };
      if (kind === 'example' && changedFiles) {
        const { session, options, task } = context;
        const checked =
          session.settings.verifyCommand || (await impliedCommand(task, options.workspace).catch(() => undefined));
        if (checked) return { kind: 'accept' };
      }
      sentBack.add(kind);
      return {
        kind: 'reject',
        reason: 'echoed-answer',
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
}
