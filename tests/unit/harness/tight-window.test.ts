/**
 * C3 under a tight window with big project docs: the newest tool result always
 * reaches the model, whatever the fixed prefix costs.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../../src/lib/harness/settings';
import { final, harness, tool } from '../helpers';

const text = (name: string, chars: number) => {
  const line = `${name}: ${'lorem ipsum dolor sit amet '.repeat(3)}\n`;
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
};

describe('C3 a 4k window with big docs', () => {
  it('C3 every request after a read carries that read, with 3,000-character README and AGENTS docs', async () => {
    const files: Record<string, string> = {
      'README.md': text('readme', 3000),
      'AGENTS.md': text('agents', 3000),
    };
    for (const n of [1, 2, 3, 4]) files[`f${n}.txt`] = `marker-f${n}\n${text(`f${n}`, 3000)}`;
    const h = harness([1, 2, 3, 4].map((n) => tool('read_file', { path: `f${n}.txt` })).concat([final('read all')]), {
      files,
      settings: { options: { contextWindow: 4096, outputLimit: 1024, temperature: 0.2 } },
    });
    const result = await h.agent.run('read f1.txt to f4.txt one by one');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'read all' });
    // Request n+1 follows the read of f<n>: its newest tool result must be in it.
    for (const n of [1, 2, 3, 4]) {
      const sent = h.model.requests[n]!.messages.map((message) => message.content).join('\n');
      expect(sent, `request ${n + 1} lacks the read of f${n}.txt`).toContain(`marker-f${n}`);
    }
    // The docs, not the history, gave way, and the run said so.
    const clipped = h.of('notice').find((event) => event.reason === 'docs-clipped');
    expect(clipped?.text).toMatch(/clipped to \d+ characters each/);
    const roomy = harness([final('ok')], { files, settings: { options: { contextWindow: 32768, outputLimit: 1024 } } });
    await roomy.agent.run('hello');
    expect(roomy.of('notice').map((event) => event.reason)).not.toContain('docs-clipped');
    expect(h.model.requests[0]!.messages[0]!.content.length).toBeLessThan(
      roomy.model.requests[0]!.messages[0]!.content.length,
    );
  });
});

describe('O1 C4 shortening is reported as it happened', () => {
  it('O1 the compaction event of a shortening step says how many characters before and after', async () => {
    const files: Record<string, string> = {};
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) files[`f${n}.txt`] = text(`f${n}`, 5000);
    const h = harness(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => tool('read_file', { path: `f${n}.txt` })).concat([final('ok')]),
      {
        files,
        settings: { options: { contextWindow: 32768, outputLimit: 512 } },
      },
    );
    await h.agent.run('read them all');
    const shortenings = h.of('compaction').filter((event) => event.reason.startsWith('older history shortened'));
    expect(shortenings.length).toBeGreaterThan(0);
    for (const event of shortenings) {
      expect(event.beforeChars).toBeGreaterThan(event.afterChars);
      expect(event.items).toBeGreaterThan(0);
    }
  });
});

describe('C3 tool declarations that crowd out the messages', () => {
  it('C3 a window the declarations fill says so, and names the settings that help', async () => {
    const h = harness([final('never sent')], {
      files: { 'a.txt': 'a' },
      settings: { protocol: 'native', options: { contextWindow: 1500, outputLimit: 256 } },
    });
    const result = await h.agent.run('hello');
    expect(result.outcome).toMatchObject({ kind: 'error', error: { kind: 'context_too_small' } });
    const message = (result.outcome as { error: { message: string } }).error.message;
    expect(message).toMatch(/native tool declarations take about \d+ of the window/);
    expect(message).toContain('profile: small');
  });
});

describe('C4 compaction stays rare in a long session', () => {
  it('C4 the summary of a 240-write session stays short, so compactions do not come ever closer together', async () => {
    const path = (n: number) => `notes/a-rather-long-folder-name/for-the-notes/note-${n}.md`;
    const writes = Array.from({ length: 240 }, (_, n) => tool('write_file', { path: path(n), content: `note ${n}` }));
    const h = harness([...writes, final('done')], {
      settings: { options: { contextWindow: 4096, outputLimit: 512 }, limits: { ...defaultLimits, maxSteps: 0 } },
    });
    expect((await h.agent.run('write the notes')).outcome.kind).toBe('final');
    const summaries = h.model.requests
      .map((request) => request.messages.find((message) => message.content.startsWith('Summary of earlier steps')))
      .filter((message) => message !== undefined);
    const last = summaries.at(-1)!.content;
    expect(last.length).toBeLessThan(4000);
    expect(last).toMatch(/files changed: \d+ earlier, then /);
    // The newest changes are the ones listed.
    expect(last).toMatch(/note-2\d\d\.md/);
    expect(last).not.toContain(`${path(0)},`);
    const compactions = h.of('compaction').filter((event) => !event.reason.startsWith('older history'));
    const steps = compactions.map((event) => event.step);
    const gaps = steps.slice(1).map((step, index) => step - steps[index]);
    expect(gaps.length).toBeGreaterThan(4);
    expect(Math.min(...gaps.slice(-3))).toBeGreaterThanOrEqual(Math.min(...gaps.slice(0, 3)));
  });
});

describe('C3 the too-small message adds up', () => {
  it('C3 the tokens it names for the prompt, the reply, the framing and the tools add up to num_ctx', async () => {
    const h = harness([final('never sent')], {
      files: { 'README.md': 'x'.repeat(6000) },
      settings: { options: { contextWindow: 1024, outputLimit: 64 } },
    });
    const result = await h.agent.run('hello');
    const message = (result.outcome as { error: { message: string } }).error.message;
    const left = Number(/only (\d+) of the 1024-token context window are left/.exec(message)![1]);
    const kept = [...message.matchAll(/(\d+) for the (reply|chat template's framing|tool declarations)/g)].map(
      (match) => Number(match[1]),
    );
    expect(left + kept.reduce((sum, tokens) => sum + tokens, 0)).toBe(1024);
  });
});
