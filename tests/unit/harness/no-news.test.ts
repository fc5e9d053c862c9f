import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';
import { noNewsBeforeStop } from '../../../src/lib/harness/guards/no-news';

const shapes = 'function square(n) {\n  return n * n;\n}\n';
const list = tool('list_files', { path: 'src' });
const read = tool('read_file', { path: 'src/shapes.js' });

describe('T5 a call made before, with nothing changed since, shows nothing new (no-news)', () => {
  it('T5 a list/read cycle is told it shows nothing new, then ended as repeats (recorded: add-missing-export, think-first)', async () => {
    const cycle = Array.from({ length: 10 }, () => [list, read]).flat();
    const h = harness([...cycle, final('x')], {
      files: { 'src/shapes.js': shapes },
      settings: { limits: { maxSteps: 30, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 } },
    });
    const { outcome } = await h.agent.run('Export square from src/shapes.js.');
    const results = toolResults(h);
    // Steps 1-2 are new; step 3 is the first look back (no line), step 4 the second.
    expect(results[2]).not.toContain('showed nothing new');
    expect(results[3]).toContain('Runtime notice: you made this same read_file call at step 2 and no file has changed');
    expect(results[3]).toContain('change a file (patch_file or write_file), or give the final answer');
    expect(outcome).toMatchObject({ kind: 'limit', limit: 'repeats' });
    expect(results).toHaveLength(2 + noNewsBeforeStop);
  });

  it('T5 a change in between starts afresh: reading a file again after patching it is news', async () => {
    const h = harness(
      [
        read,
        list,
        tool('patch_file', { path: 'src/shapes.js', old_text: 'function square', new_text: 'export function square' }),
        read,
        list,
        final('Exported.'),
      ],
      { files: { 'src/shapes.js': shapes } },
    );
    const { outcome } = await h.agent.run('Export square from src/shapes.js.');
    expect(outcome).toEqual({ kind: 'final', answer: 'Exported.' });
    expect(toolResults(h).join('\n')).not.toContain('showed nothing new');
  });

  it('T5 one look back is not remarked on, and a new call ends the streak', async () => {
    const h = harness([read, list, read, tool('read_file', { path: 'README.md' }), list, final('ok')], {
      files: { 'src/shapes.js': shapes, 'README.md': '# r\n' },
    });
    await h.agent.run('Look around.');
    expect(toolResults(h).join('\n')).not.toContain('showed nothing new');
  });
});
