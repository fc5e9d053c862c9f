/**
 * T3: old_text copied from the test report, not the file; the "not found" error points
 * at the line new_text would replace. The calls are Qwen2.5-Coder-1.5B's, from done-check's three
 * runs in qwen-1.5b-recital (constrained, default profile, seeds 1–3).
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';
import { replacedLine } from '../../../src/lib/harness/tools/replaced-line';

const clamp = 'export function clamp(value, low, high) {\n  return Math.max(low, value);\n}\n';
const pointer = 'new_text reads like a new form of line 2, which is now:\n  return Math.max(low, value);\n';

describe('T3 patch_file names the line new_text would replace when old_text is nowhere like the file', () => {
  it('T3 old_text from the test report: the line is given whole, after the file (recorded: done-check seeds 1–3)', async () => {
    for (const newText of [
      'return Math.min(high, value);',
      'return Math.min(low, value);',
      'return Math.min(value, high);',
    ]) {
      const h = harness(
        [tool('patch_file', { path: 'src/clamp.js', old_text: '9 !== 5', new_text: newText }), final('x')],
        {
          files: { 'src/clamp.js': clamp },
        },
      );
      await h.agent.run('Make all tests pass.');
      const result = toolResults(h)[0]!;
      expect(result).toContain('old_text was not found in src/clamp.js');
      expect(result).toContain(pointer + 'If that is the line to change, copy it whole into old_text');
      expect(result.indexOf('reads now')).toBeLessThan(result.indexOf('new_text reads like'));
    }
  });

  it('T3 the pointed line, copied, patches the file', async () => {
    const h = harness(
      [
        tool('patch_file', { path: 'src/clamp.js', old_text: '9 !== 5', new_text: 'return Math.min(high, value);' }),
        tool('patch_file', {
          path: 'src/clamp.js',
          old_text: '  return Math.max(low, value);',
          new_text: '  return Math.min(high, Math.max(low, value));',
        }),
        final('x'),
      ],
      { files: { 'src/clamp.js': clamp } },
    );
    await h.agent.run('Make all tests pass.');
    expect(toolResults(h)[1]).toContain('patched src/clamp.js');
  });

  it('T3 no line is named when the first word begins several lines, none is like new_text, or new_text is there', () => {
    const twoReturns = 'function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n';
    expect(replacedLine(twoReturns, 'return Math.min(value, high);')).toBeUndefined();
    expect(replacedLine(clamp, 'const limit = 5;')).toBeUndefined();
    expect(replacedLine(clamp, '  return Math.max(low, value);')).toBeUndefined();
    expect(replacedLine(clamp, '\n\n')).toBeUndefined();
    expect(replacedLine(clamp, '42')).toBeUndefined();
  });

  it('T3 a line like old_text wins: the new_text pointer is not added beside it', async () => {
    const h = harness(
      [
        tool('patch_file', { path: 'src/clamp.js', old_text: 'return Math.max(low, valu);', new_text: 'return 1;' }),
        final('x'),
      ],
      { files: { 'src/clamp.js': clamp } },
    );
    await h.agent.run('Make all tests pass.');
    expect(toolResults(h)[0]).toContain('The line most like it is line 2');
    expect(toolResults(h)[0]).not.toContain('new_text reads like');
  });
});
