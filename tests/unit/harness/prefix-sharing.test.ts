import { describe, expect, it } from 'vitest';
import { messageText, requestText } from '../../../src/lib/harness/context/prefix-reuse';
import { final, harness, tool } from '../helpers';

const buggy =
  `export function sum(items) {\n  let total = 0;\n  for (let i = 1; i < ` +
  `items.length; i++) total += items[i];\n  return total;\n}\n`;
const files = {
  'README.md': '# math\nA tiny library. Check it with `grep -n "i = 1" src/math.js`.\n',
  'src/math.js': buggy,
  'test/math.test.js': "import { sum } from '../src/math.js';\nconsole.assert(sum([1, 2, 3]) === 6);\n",
};

/** A 12-step repair: look, read, search, patch, verify, note, answer. */
const script = [
  tool('list_files', { path: '.' }),
  tool('read_file', { path: 'README.md' }),
  tool('list_files', { path: 'src' }),
  tool('read_file', { path: 'src/math.js' }),
  tool('read_file', { path: 'test/math.test.js' }),
  tool('search', { pattern: 'i = 1' }),
  {
    text:
      '<tool name="patch_file" path="src/math.js"><old_text>let i = ' +
      '1;</old_text><new_text>let i = 0;</new_text></tool>',
  },
  tool('read_file', { path: 'src/math.js' }),
  tool('run_shell', { command: 'grep -n "i = 0" src/math.js' }),
  tool('note', { text: 'sum() skipped the first item; fixed the loop start.' }),
  tool('run_shell', { command: 'cat test/math.test.js' }),
  final('Fixed sum(): the loop started at 1 and skipped the first item.'),
];

describe('prefix sharing', () => {
  it('P2 C4 on a 12-step repair, request k+1 starts with request k plus reply k for at least 97% of its length', async () => {
    const h = harness(script, { files });
    const result = await h.agent.run('sum() in src/math.js returns the wrong total; fix it');
    expect(result.outcome.kind).toBe('final');
    expect(h.model.requests).toHaveLength(12);
    const ratios: number[] = [];
    for (let k = 0; k + 1 < h.model.requests.length; k++) {
      const reply = script[k] as { text: string };
      const expected =
        requestText(h.model.requests[k].messages) + messageText({ role: 'assistant', content: reply.text });
      const next = requestText(h.model.requests[k + 1].messages);
      let common = 0;
      while (common < expected.length && expected.charCodeAt(common) === next.charCodeAt(common)) common++;
      ratios.push(common / expected.length);
    }
    const average = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    console.log(
      `prefix sharing over ${ratios.length} transitions: average ` +
        `${(average * 100).toFixed(1)}%, min ` +
        `${(Math.min(...ratios) * 100).toFixed(1)}%`,
    );
    expect(average).toBeGreaterThanOrEqual(0.97);
    expect(await h.workspace.readFile('src/math.js')).toContain('let i = 0;');
  });
});
