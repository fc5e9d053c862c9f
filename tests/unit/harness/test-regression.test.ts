/**
 * L3: a check that fails on a test the last check passed says so. The replies are
 * Qwen2.5-Coder-1.5B's, from done-check seed 1 in qwen-1.5b-example-rung2: it traded the `high`
 * test for `low` and back to the step limit.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool } from '../helpers';
import { regressionNote, testStates } from '../../../src/lib/harness/facts/test-states';

const files = {
  'package.json': '{ "type": "module" }\n',
  'src/clamp.js': 'export function clamp(value, low, high) {\n  return Math.max(low, value);\n}\n',
  'test/clamp.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n" +
    "import { clamp } from '../src/clamp.js';\n\n" +
    "test('low', () => assert.equal(clamp(-1, 0, 5), 0));\ntest('high', () => assert.equal(clamp(9, 0, 5), 5));\n",
};
const answer = 'Done: Made all tests pass.';
const patch = (from: string, to: string) => tool('patch_file', { path: 'src/clamp.js', old_text: from, new_text: to });

describe('L3 test-regression: a test the last change broke is named', () => {
  it('L3 the second check names the test that passed before and fails now, done-check or implied (recorded: done-check seed 1)', async () => {
    for (const [verifyCommand, reason] of [
      ['node --test', 'done-check'],
      ['', 'implied-check'],
    ] as const) {
      const h = tunedHarness(
        [
          final(answer),
          patch('return Math.max(low, value);', 'return Math.min(high, value);'),
          final(answer),
          patch('return Math.min(high, value);', 'return Math.max(low, value);'),
          final(answer),
          final('stop'),
        ],
        { files, settings: { verifyCommand } },
      );
      await h.agent.run('Make the tests in test/clamp.test.js pass.');
      const notices = h
        .of('notice')
        .filter((event) => event.reason === reason)
        .map((event) => event.text);
      expect(notices.length, reason).toBeGreaterThanOrEqual(3);
      expect(notices[0]).not.toContain('Since the last check');
      expect(notices[1]).toContain(
        'Since the last check, `low` fails and passed before, while `high` now passes: the last change traded one test',
      );
      expect(notices[2]).toContain('Since the last check, `high` fails and passed before, while `low` now passes');
    }
  });

  it('L3 no note for the same failure again, a new failure beside old passes, or output that names no test', () => {
    const before = testStates('✔ low (0ms)\n✖ high (0ms)\n✖ failing tests:\n✖ high (0ms)\n')!;
    expect([...before.passed]).toEqual(['low']);
    expect([...before.failed]).toEqual(['high']);
    expect(regressionNote(before, testStates('✔ low (0ms)\n✖ high (1ms)\n'))).toBeUndefined();
    expect(regressionNote(before, testStates('✔ low (0ms)\n✔ high (1ms)\n✖ extra (1ms)\n'))).toBeUndefined();
    expect(regressionNote(before, testStates('SyntaxError: Unexpected token'))).toBeUndefined();
    expect(regressionNote(undefined, before)).toBeUndefined();
  });
});
