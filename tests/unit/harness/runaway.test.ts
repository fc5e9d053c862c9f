/** R2: output that repeats itself is stopped while it streams, said, and counted. */
import { describe, expect, it } from 'vitest';
import { repeatsItself } from '../../../src/lib/harness/recovery/runaway-detector';
import { final, harness, tool, toolResults } from '../helpers';

const line = '<tool>{"name":"read_file","args":{"path":"a.txt"}}</tool>\n';

describe('R2 runaway output', () => {
  it('R2 the same tool line 200 times is stopped early, not run, and the model is told; the run goes on', async () => {
    const h = harness([{ text: line.repeat(200), chunkSize: 16 }, tool('read_file', { path: 'a.txt' }), final('ok')], {
      files: { 'a.txt': 'a' },
      settings: { options: { outputLimit: 1024 } },
    });
    const result = await h.agent.run('read a.txt');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'ok' });
    const notice = h.of('notice').find((event) => event.reason === 'runaway');
    expect(notice?.text).toMatch(/kept repeating the same text, so it was stopped after \d+ characters/);
    const streamed = h
      .of('model.token')
      .filter((event) => event.step === 1)
      .map((event) => event.text)
      .join('');
    expect(streamed.length).toBeLessThan(line.length * 60);
    // Not escalated to a larger num_predict, and the repeated call never ran.
    expect(h.of('retry')).toHaveLength(0);
    expect(toolResults(h)).toHaveLength(1);
  });

  it('R2 L1 a model that keeps running away meets the format-error limit', async () => {
    const flood = { text: 'I will now read the file. '.repeat(100), chunkSize: 32 };
    const h = harness([flood, flood, flood, flood], { settings: { options: { outputLimit: 1024 } } });
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'format_errors' });
  });

  it('R2 ordinary long replies are not taken for runaways', () => {
    const code = Array.from(
      { length: 60 },
      (_, index) => `  const value${index} = compute(${index}); // step ${index}`,
    ).join('\n');
    expect(repeatsItself(code)).toBe(false);
    const table = `| a | b |\n|---|---|\n${Array.from({ length: 40 }, (_, index) => `| ${index} | ${index * 2} |`).join('\n')}\n`;
    expect(repeatsItself(table)).toBe(false);
    expect(repeatsItself(`${'}\n'.repeat(12)}`)).toBe(false);
    const records = JSON.stringify(
      Array.from({ length: 30 }, (_, index) => ({ id: index, name: `item ${index}`, price: index * 3 })),
    );
    expect(repeatsItself(records)).toBe(false);
    expect(repeatsItself('na na na batman! '.repeat(200))).toBe(true);
  });
});
