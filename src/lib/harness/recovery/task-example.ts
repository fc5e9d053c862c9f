/**
 * T3 (issue 32): the task's example written as if it were a value. Asked to list the discount codes
 * of src/discount.js in ANSWER.md "one per line as CODE: PERCENT (for example WINTER: 15)",
 * Qwen2.5-Coder-1.5B wrote `WINTER: 15, HALF: 50` in every recorded run (explain-code: 6 of 6 in
 * qwen-1.5b-recital and qwen-1.5b-asked-written; 0 passes in 53 runs over all 1.5B sweeps). A task
 * that names files to read and a file to make, and gives an example ("for example …", "e.g. …")
 * with a word none of those files has, has an example of the form, not a value: a write of that
 * word into the file to make is refused, saying where the values are. A word the files have is
 * a value (listing SAVE10 "for example SAVE10: 10" is right), and a task with no file to read has
 * nothing to judge by: neither meets the rule.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from '../small-model/step-envelope';
import { asksToMake, taskFiles } from '../task-files';

/** The example after "for example" or "e.g.", to the closing bracket, `;` or line end (bounded). */
const exampleText = /\b(?:for example|for instance|e\.g\.)[,:]?\s+([^()\n;]{1,80}?)\s*(?:\)|;|\n|$)/gi;
const word = /[\p{L}_][\p{L}\p{N}_]+/gu;
const wholeWord = (name: string) => new RegExp(`\\b${name}\\b`, 'u');
/** What is read of each named file to look the example's words up in. */
const readChars = 100_000;

export interface MadeUp {
  /** The example as the task gives it. */
  example: string;
  /** Its words that no file the task names has. */
  words: string[];
}

/** The task's examples with words the sources lack; `sources` are the named files' texts. */
export function madeUpExamples(task: string, sources: readonly string[]): MadeUp[] {
  if (!sources.length) return [];
  return [...task.matchAll(exampleText)].flatMap((match) => {
    const example = match[1]!.trim();
    const words = [...new Set(example.match(word) ?? [])].filter(
      (candidate) => !sources.some((text) => wholeWord(candidate).test(text)),
    );
    return words.length ? [{ example, words }] : [];
  });
}

/** The text a write or patch would put in the file. */
function writtenText(call: { name: string; arguments: unknown }): string | undefined {
  const args = call.arguments as Record<string, unknown> | undefined;
  const text = call.name === 'write_file' ? args?.content : call.name === 'patch_file' ? args?.new_text : undefined;
  return typeof text === 'string' ? text : undefined;
}

export function taskExample(): LoopExtension {
  let madeUp: MadeUp[] = [];
  let outputs: string[] = [];
  let sources: string[] = [];
  return {
    name: 'task-example',
    async onStart(scope) {
      const task = scope.context.task.trim();
      if (!task || !asksToMake(task) || !/\b(?:for example|for instance|e\.g\.)/i.test(task)) return;
      const workspace = scope.context.options.workspace;
      const { there, missing } = await taskFiles(task, workspace);
      if (!there.length || !missing.length) return;
      const texts = await Promise.all(
        there.map((path) =>
          workspace.readFile(path).then(
            (text) => text.slice(0, readChars),
            () => '',
          ),
        ),
      );
      [madeUp, outputs, sources] = [madeUpExamples(task, texts), missing, there];
    },
    async beforeTool(call) {
      const path = calledPath(call);
      const text = writtenText(call);
      if (!madeUp.length || path === undefined || text === undefined || !outputs.includes(path)) return undefined;
      const hit = madeUp.find((item) => item.words.some((name) => wholeWord(name).test(text)));
      if (!hit) return undefined;
      const missingWord = hit.words.find((name) => wholeWord(name).test(text))!;
      const from = sources.join(' and ');
      return (
        `error: ${path} was not written: "${missingWord}" comes from the task's example ("${hit.example}"), ` +
        `which shows the form, not a value; ${from} ${sources.length > 1 ? 'have' : 'has'} no "${missingWord}". ` +
        `Write what ${from} ${sources.length > 1 ? 'hold' : 'holds'}, in that form.`
      );
    },
  };
}
