/**
 * Behaviours found broken by review and hidden scenarios: each test fails on the loop
 * as it was, through the public Agent interface.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { final, harness, tool, toolResults } from '../helpers';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { ContextBudget, contextWindow } from '../../../src/lib/harness/context/context-budget';
import { TokenEstimator } from '../../../src/lib/harness/context/token-estimator';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { gitTools } from '../../../src/lib/workspace/git/git-tools';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import type { ChatMessage } from '../../../src/lib/harness/ports';

const lines = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} line ${index + 1} ${'·'.repeat(20)}`).join('\n') + '\n';

describe('L1 failing tool calls are results, not format errors', () => {
  it('L1 three refused paths, three missing reads and three patch misses do not end the run', async () => {
    const h = harness(
      [
        tool('read_file', { path: '../etc/passwd' }),
        tool('read_file', { path: '/etc/hostname' }),
        tool('write_file', { path: '../../outside.txt', content: 'x' }),
        tool('read_file', { path: 'missing-1.txt' }),
        tool('read_file', { path: 'missing-2.txt' }),
        tool('read_file', { path: 'missing-3.txt' }),
        tool('patch_file', { path: 'a.txt', old_text: 'nope-1', new_text: 'x' }),
        tool('patch_file', { path: 'a.txt', old_text: 'nope-2', new_text: 'x' }),
        tool('patch_file', { path: 'a.txt', old_text: 'nope-3', new_text: 'x' }),
        final('recovered after nine failed calls'),
      ],
      {
        files: { 'a.txt': 'alpha\n' },
        settings: { limits: { maxFormatErrors: 3, maxSteps: 20, maxTokens: 0, maxSeconds: 0, maxFailedSteps: 0 } },
      },
    );
    const result = await h.agent.run('try things');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'recovered after nine failed calls' });
    expect(toolResults(h)).toHaveLength(9);
    expect(toolResults(h).every((text) => text.startsWith('error'))).toBe(true);
  });

  it('L1 a separate, optional guard stops endless failing calls with its own outcome', async () => {
    const h = harness(
      [tool('read_file', { path: 'missing-1.txt' }), tool('read_file', { path: 'missing-2.txt' }), final('never')],
      {
        settings: { limits: { maxFormatErrors: 3, maxSteps: 20, maxTokens: 0, maxSeconds: 0, maxFailedSteps: 2 } },
      },
    );
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'failed_steps' });
  });

  it('L1 only unparseable replies count toward maxFormatErrors', async () => {
    const h = harness(
      [
        { text: '<tool>{bad' },
        tool('read_file', { path: 'missing.txt' }),
        { text: '<tool>{bad' },
        { text: '<tool>{bad' },
        final('x'),
      ],
      {
        settings: { limits: { maxFormatErrors: 2, maxSteps: 20, maxTokens: 0, maxSeconds: 0, maxFailedSteps: 0 } },
      },
    );
    const result = await h.agent.run('go');
    // The failed read in between is a parsed reply: it resets the count, so only the last two count.
    expect(result.outcome).toMatchObject({ kind: 'limit', limit: 'format_errors' });
    expect(result.steps).toBe(4);
  });
});

describe('C2 a collapsed read never loses content', () => {
  it('C2 when the read a repeat points at is shortened away, the newest read is shown in full', async () => {
    const a = lines('ALPHA', 40);
    const h = harness(
      [
        tool('read_file', { path: 'a.txt' }),
        tool('read_file', { path: 'b.txt' }),
        tool('read_file', { path: './a.txt' }),
        tool('read_file', { path: 'd.txt' }),
        final('ok'),
      ],
      {
        files: { 'a.txt': a, 'b.txt': lines('BETA', 15), 'd.txt': lines('DELTA', 30) },
        agent: { budgets: { recentChars: 3000, oldToolChars: 100, oldTextChars: 100 } },
      },
    );
    await h.agent.run('read');
    expect(h.of('compaction').length).toBeGreaterThan(0);
    const last = h.model.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n');
    expect(last).toContain('ALPHA line 20 ');
  });

  it('C2 "./a", "a" and "sub/../a" are one file: the repeat collapses, a write through another name invalidates it', async () => {
    const h = harness(
      [tool('read_file', { path: 'a.txt' }), tool('read_file', { path: 'sub/../a.txt' }), final('ok')],
      { files: { 'a.txt': lines('A', 5) } },
    );
    await h.agent.run('read twice');
    const sent = h.model.requests.at(-1)!.messages.map((message) => message.content);
    expect(sent.some((text) => text.includes('unchanged since the read at item'))).toBe(true);
  });
});

describe('C3 the budget is what is really sent', () => {
  it('C3 num_ctx is the model context length capped by a visible default; a user value is not capped', async () => {
    const big = harness([final('x')], { model: { contextLength: 32768 } });
    await big.agent.run('go');
    expect(big.model.requests[0].options.contextWindow).toBe(8192);
    const small = harness([final('x')], { model: { contextLength: 4096 } });
    await small.agent.run('go');
    expect(small.model.requests[0].options.contextWindow).toBe(4096);
    const chosen = harness([final('x')], {
      model: { contextLength: 32768 },
      settings: { options: { contextWindow: 16384, outputLimit: 512 } },
    });
    await chosen.agent.run('go');
    expect(chosen.model.requests[0].options.contextWindow).toBe(16384);
    expect(contextWindow(defaultSettings(), { name: 'm', capabilities: [], contextLength: 32768 }).source).toContain(
      'capped at 8192',
    );
  });

  it('C3 native tool schemas are counted: they leave less room for messages', () => {
    const budget = new ContextBudget({ tokens: 4096, source: 'test' }, 512);
    const estimator = new TokenEstimator();
    expect(budget.promptBudget(7000, estimator)).toBeLessThan(budget.promptBudget(0, estimator) - 1900);
  });

  it('C3 the escalated num_predict only asks for the room the prompt leaves', async () => {
    const h = harness([{ text: 'cut', stats: { stopReason: 'length' } }, final('x')], {
      settings: { options: { contextWindow: 2800, outputLimit: 1024 } },
    });
    await h.agent.run('go');
    const retried = h.model.requests[1];
    expect(retried.options.outputLimit).toBeGreaterThan(1024);
    const promptTokens = Math.ceil(retried.messages.reduce((sum, message) => sum + message.content.length, 0) / 3.5);
    expect(retried.options.outputLimit).toBeLessThan(2048);
    expect(retried.options.outputLimit! + promptTokens).toBeLessThanOrEqual(2800);
  });

  it('C3 compaction cuts at turn boundaries: a tool result is never sent without its call', async () => {
    const script = Array.from({ length: 12 }, (_, index) => ({
      toolCalls: [{ name: 'read_file', arguments: { path: `f${index % 4}.txt`, end: 50 + index } }],
    }));
    const files = Object.fromEntries([0, 1, 2, 3].map((index) => [`f${index}.txt`, lines(`F${index}`, 45)]));
    const h = harness([...script, { text: 'done' }], {
      files,
      settings: { protocol: 'native', options: { contextWindow: 4096, outputLimit: 256 } },
      model: { capabilities: ['tools'] },
    });
    const result = await h.agent.run('read everything');
    expect(result.outcome.kind).toBe('final');
    expect(h.of('compaction').some((event) => event.afterChars > 0 && event.beforeChars > 0)).toBe(true);
    for (const request of h.model.requests) {
      request.messages.forEach((message: ChatMessage, index) => {
        if (message.role !== 'tool') return;
        const before = request.messages[index - 1];
        expect(before.role === 'tool' || (before.role === 'assistant' && (before.toolCalls?.length ?? 0) > 0)).toBe(
          true,
        );
      });
    }
  });

  it('R3 a reply made from a prompt the server cut is not executed: history is compacted and the model asked again', async () => {
    const h = harness(
      [
        tool('read_file', { path: 'big.txt', end: 400 }),
        {
          ...tool('write_file', { path: 'pwned.txt', content: 'from a cut prompt' }),
          stats: { promptTokens: 4096 },
        },
        final('answered from the whole prompt'),
      ],
      { files: { 'big.txt': lines('BIG', 300) }, settings: { options: { contextWindow: 4096, outputLimit: 256 } } },
    );
    const result = await h.agent.run('go');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'answered from the whole prompt' });
    expect(await h.workspace.stat('pwned.txt')).toBeNull();
    expect(h.of('context.truncated')[0]).toMatchObject({ detectedBy: 'count-at-limit', discarded: true });
    expect(h.of('compaction').some((event) => /could not fit/.test(event.reason))).toBe(true);
  });

  it('R3 a server that counts far fewer tokens than were sent cut the prompt silently: detected from the estimate', async () => {
    const h = harness(
      [
        tool('read_file', { path: 'big.txt', end: 700 }),
        { ...tool('write_file', { path: 'pwned.txt', content: 'x' }), stats: { promptTokens: 900 } },
        final('ok'),
      ],
      {
        files: { 'big.txt': lines('BIG', 600) },
        settings: { options: { contextWindow: 8192, outputLimit: 256 } },
        agent: { toolOutputChars: 40_000, budgets: { recentChars: 100_000, oldToolChars: 200, oldTextChars: 200 } },
      },
    );
    await h.agent.run('go');
    expect(h.of('context.truncated')[0]).toMatchObject({ detectedBy: 'count-below-estimate', promptTokens: 900 });
    expect(await h.workspace.stat('pwned.txt')).toBeNull();
  });

  it('R3 a server refusal (truncate:false) compacts and retries once; a second refusal ends clearly', async () => {
    const overflow = {
      error: {
        kind: 'context_overflow' as const,
        message: 'the input length exceeds the context length',
        retryable: false,
      },
    };
    const h = harness([overflow, overflow], { settings: { options: { contextWindow: 4096, outputLimit: 256 } } });
    const result = await h.agent.run('go');
    expect(result.outcome).toMatchObject({
      kind: 'error',
      error: { kind: 'context_too_small', message: expect.stringContaining('even after compaction') },
    });
    expect(h.model.requests).toHaveLength(2);
  });
});

describe('D1 delegation is billed and bounded', () => {
  it("D1 a child's tokens are billed to the parent and count against its token limit", async () => {
    const padding = 'x'.repeat(4000);
    const h = harness(
      [
        tool('delegate', { task: 'look around', max_steps: 3 }),
        { text: `<tool>{"name":"list_files","args":{}}</tool>${padding}` },
        { text: `<final>child done ${padding}</final>` },
        final('parent done'),
      ],
      {
        settings: { limits: { maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 } },
      },
    );
    const result = await h.agent.run('go');
    const childUsage = h.of('delegate.finished')[0].usage;
    expect(childUsage.totalTokens).toBeGreaterThan(2000);
    expect(result.usage.totalTokens).toBeGreaterThan(childUsage.totalTokens);
    expect(result.usage.requests).toBe(4);

    const limited = harness(
      [
        tool('delegate', { task: 'look around', max_steps: 8 }),
        ...Array.from({ length: 8 }, () => ({
          text: `<tool>{"name":"list_files","args":{"path":"."}}</tool>${padding}`,
        })),
        final('parent'),
      ],
      {
        settings: { limits: { maxSteps: 20, maxTokens: 3000, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 } },
      },
    );
    const bounded = await limited.agent.run('go');
    expect(limited.of('delegate.finished')[0].outcome).toMatchObject({ kind: 'limit', limit: 'tokens' });
    expect(bounded.outcome).toMatchObject({ kind: 'limit', limit: 'tokens' });
  });

  it('D1 depth asked for by stored settings is capped by the harness maximum', async () => {
    const nest = Array.from({ length: 8 }, (_, level) =>
      tool('delegate', { task: `level ${level + 1}`, max_steps: 2 }),
    );
    const h = harness([...nest, ...Array.from({ length: 8 }, () => final('up'))], { settings: { maxDepth: 12 } });
    await h.agent.run('go');
    const depths = h.of('run.started').map((event) => event.depth);
    expect(Math.max(...depths)).toBe(3);
  });
});

describe('L3 the done-check reports both ways', () => {
  it('L3 a passing check emits check.finished and the answer stands', async () => {
    const h = harness([final('done')], { settings: { verifyCommand: 'test -f a.txt' }, files: { 'a.txt': 'x' } });
    const result = await h.agent.run('go');
    expect(result.outcome.kind).toBe('final');
    expect(h.of('check.finished')).toEqual([
      expect.objectContaining({ passed: true, exitCode: 0, command: 'test -f a.txt' }),
    ]);
  });

  it('L3 a check stopped by the user is not reported to the model as failed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-check-'));
    const controller = new AbortController();
    const h = harness([final('done')], {
      workspace: new NodeDirectoryWorkspace(root),
      settings: { verifyCommand: 'sleep 5' },
      agent: { onEvent: (event) => event.type === 'check.started' && setTimeout(() => controller.abort(), 100) },
    });
    const result = await h.agent.run('go', { signal: controller.signal });
    expect(result.outcome.kind).toBe('aborted');
    expect(h.agent.session.history.some((item) => item.kind === 'notice' && item.reason === 'done-check')).toBe(false);
  });
});

describe('W5 the prompt describes only what exists', () => {
  it('W5 the bash-only profile never mentions tools it does not offer', async () => {
    const workspace = new MemoryWorkspace({ files: { 'a.txt': 'x' } });
    const { fs, dir } = workspace.gitFs();
    const h = harness([final('x')], {
      workspace,
      settings: { toolProfile: 'bash-only' },
      agent: { extraTools: gitTools({ fs, dir, workspace }) },
    });
    await h.agent.run('go');
    const system = h.model.requests[0].messages[0].content;
    expect(system).not.toMatch(/git tools|git_commit|write_file|read_file/);
    const structured = harness([final('x')], { workspace, agent: { extraTools: gitTools({ fs, dir, workspace }) } });
    await structured.agent.run('go');
    expect(structured.model.requests[0].messages[0].content).toContain('use the git and git_commit tools');
  });

  it('W5 W3 the directory backend reports git as it is, and says it is not a sandbox', async () => {
    const workspace = new NodeDirectoryWorkspace(mkdtempSync(path.join(tmpdir(), 'harness-w5-')));
    expect(workspace.describe().has.git).toBe(spawnSync('git', ['--version']).status === 0);
    const h = harness([final('x')], { workspace });
    await h.agent.run('go');
    const system = h.model.requests[0].messages[0].content;
    expect(system).not.toContain('sandboxed workspace');
    expect(system).toContain('not a sandbox');
  });
});
