/**
 * T3: a task's example written as if it were a value. A task that names files to read and a file
 * to make, and gives an example ("for example …", "e.g. …") with a word none of those files has,
 * has an example of the form, not a value: a write of that word into the file to make is refused,
 * saying where the values are. A word the files have is a value, and a task with no file to read
 * has nothing to judge by: neither meets the rule.
 */
import type { Rule } from '../rules/rule';
import { calledPath } from '../facts/called-path';

/** The example after "for example" or "e.g.", to the closing bracket, `;` or line end (bounded). */
const exampleText = /\b(?:for example|for instance|e\.g\.)[,:]?\s+([^()\n;]{1,80}?)\s*(?:\)|;|\n|$)/gi;
const word = /[\p{L}_][\p{L}\p{N}_]+/gu;
const wholeWord = (name: string) => new RegExp(`\\b${name}\\b`, 'u');

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

export const taskExample: Rule = {
  id: 'task-example',
  principle: "A task's example of the form, written into the file it asks for as if it were a value, is refused.",
  layer: 'pack',
  decides: true,
  reads: ['task', 'start'],
  priority: 260,
  async beforeTool(call, { facts }) {
    const { asked, named, texts } = facts.start;
    const path = calledPath(call);
    const text = writtenText(call);
    if (!asked.length || !named.length || path === undefined || text === undefined || !asked.includes(path))
      return undefined;
    const hit = madeUpExamples(facts.task, [...texts.values()]).find((item) =>
      item.words.some((name) => wholeWord(name).test(text)),
    );
    if (!hit) return undefined;
    const missingWord = hit.words.find((name) => wholeWord(name).test(text))!;
    const from = named.join(' and ');
    return (
      `error: ${path} was not written: "${missingWord}" comes from the task's example ("${hit.example}"), ` +
      `which shows the form, not a value; ${from} ${named.length > 1 ? 'have' : 'has'} no "${missingWord}". ` +
      `Write what ${from} ${named.length > 1 ? 'hold' : 'holds'}, in that form.`
    );
  },
};
