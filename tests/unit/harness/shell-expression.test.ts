/**
 * T3: a data file written as a shell expression instead of its value. The call is
 * Qwen2.5-Coder-1.5B's, from sum-two-files seed 1 (qwen-1.5b-recital and qwen-1.5b-asked-written).
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';

const recorded = "<(jq '.count' a.json | tr -d '\\n') + (jq '.count' b.json | tr -d '\\n')";
const sumFiles = { 'a.json': '{ "name": "apples", "count": 17 }', 'b.json': '{ "name": "pears", "count": 25 }' };

async function write(path: string, content: string) {
  const h = harness([tool('write_file', { path, content }), final('x')], { files: sumFiles });
  await h.agent.run('Write the sum of the two counts into TOTAL.txt.');
  return { result: toolResults(h)[0]!, written: await h.workspace.stat(path) };
}

describe('T3 write_file refuses a shell expression as the content of a data file', () => {
  it('T3 the recorded expression is refused, nothing written, and the refusal says to write the value (recorded: sum-two-files seed 1)', async () => {
    for (const content of [recorded, '$(node -e "console.log(17 + 25)")', '`cat a.json`']) {
      const { result, written } = await write('TOTAL.txt', content);
      expect(result).toContain('content begins with a shell expression');
      expect(result).toContain('then write the value itself');
      expect(written).toBeNull();
    }
  });

  it('T3 a script, a README, a value with a dollar inside, and a JSON file of values are written as given', async () => {
    for (const [path, content] of [
      ['total.sh', 'echo $(( 17 + 25 ))'],
      ['build.sh', '$(npm bin)/vite build'],
      ['README.md', '`npm test` runs the tests'],
      ['TOTAL.txt', '42'],
      ['price.txt', 'costs $(5) in the sale'],
      ['notes.json', '{ "cmd": "$(date)" }'],
    ] as const) {
      const { result, written } = await write(path, content);
      expect(result, path).not.toContain('shell expression');
      expect(written?.kind, path).toBe('file');
    }
  });
});
