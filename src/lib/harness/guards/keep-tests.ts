/**
 * A task that says not to change the tests is held to it: while the task says so, a write or
 * patch of a test file is refused, saying to change the code the tests test instead. A task that
 * asks for a test is free to write one.
 */
import type { Rule } from '../rules/rule';
import { calledPath } from '../facts/called-path';
import { speaksOfTests } from '../facts/test-command';

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

export const keepTests: Rule = {
  id: 'keep-tests',
  principle: 'A task that says to keep the tests gets no write to a test file.',
  layer: 'pack',
  decides: true,
  reads: ['task'],
  priority: 30,
  async beforeTool(call, { facts }) {
    const path = calledPath(call);
    if (!['write_file', 'patch_file'].includes(call.name) || path === undefined || !isTestPath(path)) return undefined;
    if (!saysKeepTests(facts.task)) return undefined;
    return (
      `error: the task says not to change the tests, so ${path} was not written. The tests say ` +
      'what is expected: change the code they test instead.'
    );
  },
};
