/**
 * O4 (issue 32): a task that says not to change the tests is held to it. Asked to "fix that one
 * line; do not change the tests", Qwen2.5-Coder-1.5B rewrote test/pager.test.js (twice, with
 * read_file's line numbers in it) and test/range.test.js, and never fixed the code (rung 2).
 * While the task says so, a write to a test file is refused with what to do instead; nothing
 * else changes (a task that asks for a test is free to write one). Every profile since the
 * default one, shown the test with the task, patched it in 2 of 3 add-default runs
 * (qwen-1.5b-core-named, stopped).
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from '../small-model/step-envelope';
import { speaksOfTests } from '../implied-check';

/** "do not change the test", "without changing them" (of tests), "don't edit the tests". */
const keepWords = new RegExp(
  String.raw`\b(?:do not|don't|never|without)\s+(?:chang|edit|modify|touch|alter)\w*\s+` +
    String.raw`(?:the\s+|any\s+)?(?:tests?|test files?|them)\b`,
  'i',
);
const testPath = /(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/;

export function saysKeepTests(task: string): boolean {
  return speaksOfTests.test(task) && keepWords.test(task);
}

export const isTestPath = (path: string): boolean => testPath.test(path);

export function keepTests(): LoopExtension {
  return {
    name: 'keep-tests',
    async beforeTool(call, { context }) {
      const path = calledPath(call);
      if (!['write_file', 'patch_file'].includes(call.name) || path === undefined || !isTestPath(path))
        return undefined;
      if (!saysKeepTests(context.session.memory.task || context.task)) return undefined;
      return (
        `error: the task says not to change the tests, so ${path} was not written. The tests say ` +
        'what is expected: change the code they test instead.'
      );
    },
  };
}
